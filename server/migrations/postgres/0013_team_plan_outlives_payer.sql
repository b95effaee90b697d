-- A team plan outlives the account of the admin who pays for it: when that account is deleted,
-- the subscription keeps paying for the team's athletes until its period ends, so its row stays
-- with no user instead of going with the account.
--
-- SQLite rebuilds the table for this (its twin of this file); PostgreSQL changes the column and
-- its foreign key in place.
ALTER TABLE subscriptions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_user_id_fkey;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_user_id_fkey
    FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
