-- Daily actions: review today (r1 wins, r2 learned, r3 presence 1-10), plan tomorrow (q1-q6).
CREATE TABLE daily_actions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    r1 TEXT NOT NULL,
    r2 TEXT NOT NULL,
    r3 BIGINT NOT NULL,
    q1 TEXT NOT NULL, q2 TEXT NOT NULL, q3 TEXT NOT NULL,
    q4 TEXT NOT NULL, q5 TEXT NOT NULL, q6 TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX daily_actions_user_time ON daily_actions(user_id, created_at, id);

-- Weekly maps: review (q1-q5, blank on the first map), plan (q6-q11).
CREATE TABLE weekly_maps (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    is_first BIGINT NOT NULL DEFAULT 0,
    q1 TEXT, q2 TEXT, q3 TEXT, q4 BIGINT, q5 TEXT,
    q6 TEXT NOT NULL, q7 TEXT NOT NULL, q8 TEXT NOT NULL,
    q9 TEXT NOT NULL, q10 TEXT NOT NULL, q11 TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX weekly_maps_user_time ON weekly_maps(user_id, created_at, id);

-- The athlete's IANA time zone: their days, streaks and calendar are counted in it.
ALTER TABLE users ADD COLUMN time_zone TEXT;
