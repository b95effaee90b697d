-- Notification settings: one row per athlete once saved (defaults apply before that).
-- Flags are 0/1 BIGINTs (portable through sqlx's Any driver); the daily time is minutes after
-- local midnight; game_day_until silences every reminder due before it; saved_at is the last save
-- of the settings form: occasions due before it are not reminded (turning a reminder on at 20:30
-- for 20:00 does not send one at once).
CREATE TABLE notification_settings (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    daily_reminder BIGINT NOT NULL DEFAULT 0,
    daily_minute BIGINT NOT NULL DEFAULT 1200,
    time_zone TEXT NOT NULL,
    weekly_map_reminder BIGINT NOT NULL DEFAULT 0,
    live_call_reminder BIGINT NOT NULL DEFAULT 0,
    product_news BIGINT NOT NULL DEFAULT 0,
    game_day_until BIGINT,
    saved_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Every reminder occasion the scheduler has dealt with, sent or skipped. The primary key is what
-- makes a reminder go out exactly once, whatever the number of instances or restarts: the row is
-- inserted in the same transaction as the outbox row, and a second insert does nothing.
CREATE TABLE reminder_occasions (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    occasion TEXT NOT NULL,
    due_at BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    handled_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind, occasion)
);

-- "Remind me in an hour": one snooze per reminder occasion, due at due_at.
CREATE TABLE reminder_snoozes (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    occasion TEXT NOT NULL,
    due_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind, occasion)
);
CREATE INDEX reminder_snoozes_due ON reminder_snoozes(due_at);
