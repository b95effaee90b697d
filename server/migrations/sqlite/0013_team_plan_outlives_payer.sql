-- A team plan outlives the account of the admin who pays for it: when that account is deleted,
-- the subscription keeps paying for the team's athletes until its period ends, so its row stays
-- with no user instead of going with the account.
--
-- SQLite cannot change a column's foreign key in place: the table is rebuilt with the same
-- columns, `user_id` now nullable and set to NULL when the user goes. No table refers to
-- `subscriptions`, so dropping the old table leaves no dangling reference.
CREATE TABLE subscriptions_new (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    plan TEXT NOT NULL,
    status TEXT NOT NULL,
    current_period_start BIGINT NOT NULL,
    current_period_end BIGINT NOT NULL,
    cancel_at_period_end BIGINT NOT NULL DEFAULT 0,
    canceled_at BIGINT,
    cancel_reason TEXT,
    team_id TEXT REFERENCES teams(id),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
INSERT INTO subscriptions_new (id, provider, customer_id, user_id, plan, status,
    current_period_start, current_period_end, cancel_at_period_end, canceled_at, cancel_reason,
    team_id, created_at, updated_at)
SELECT id, provider, customer_id, user_id, plan, status,
    current_period_start, current_period_end, cancel_at_period_end, canceled_at, cancel_reason,
    team_id, created_at, updated_at
FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_new RENAME TO subscriptions;
CREATE INDEX subscriptions_user ON subscriptions(user_id);
