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

-- An athlete who turned coach nudges off, since when.
ALTER TABLE coach_sharing ADD COLUMN nudges_off_at BIGINT;

-- Notes a coach sent: at most one per athlete per local day (the athlete's YYYY-MM-DD).
CREATE TABLE coach_nudges (
    id TEXT PRIMARY KEY,
    team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    coach_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    athlete_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (athlete_id, day)
);

-- The week's focus a coach sets for the team.
ALTER TABLE teams ADD COLUMN focus_text TEXT;
ALTER TABLE teams ADD COLUMN focus_set_at BIGINT;
