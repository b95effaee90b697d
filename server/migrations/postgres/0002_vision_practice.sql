-- The Athletic Vision being written: one row per athlete, answers saved step by step.
CREATE TABLE athletic_visions (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    q1 TEXT, q2 TEXT, q3 TEXT, q4 TEXT, q5 TEXT, q6 TEXT, q7 TEXT, q8 TEXT, q9 TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Every complete vision the athlete has had: one row per writing sitting, never deleted.
CREATE TABLE athletic_vision_versions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    q1 TEXT NOT NULL, q2 TEXT NOT NULL, q3 TEXT NOT NULL, q4 TEXT NOT NULL, q5 TEXT NOT NULL,
    q6 TEXT NOT NULL, q7 TEXT NOT NULL, q8 TEXT NOT NULL, q9 TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (user_id, version)
);

-- Practice the athlete did (listening to the vision, breathing, planning), for the dashboard.
CREATE TABLE practice_events (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX practice_events_user_time ON practice_events(user_id, created_at);
