-- What an athlete shows their team's coaches (issue 27). No row means the defaults: practice
-- shown, check-ins hidden. Flags are nullable timestamps, as elsewhere.
CREATE TABLE coach_sharing (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    practice_hidden_at BIGINT,
    checkins_shared_at BIGINT,
    updated_at BIGINT NOT NULL
);

-- A daily action or weekly map its athlete chose to show their coach, since when.
ALTER TABLE daily_actions ADD COLUMN shared_at BIGINT;
ALTER TABLE weekly_maps ADD COLUMN shared_at BIGINT;
