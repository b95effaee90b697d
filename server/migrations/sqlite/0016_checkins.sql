-- Morning check-ins (issue 27): sleep, energy, mood, stress and confidence, each 1-5, and an
-- optional note; one per athlete per local day (`day`, YYYY-MM-DD in their time zone), replaced
-- when saved again that day.
CREATE TABLE checkins (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    sleep BIGINT NOT NULL,
    energy BIGINT NOT NULL,
    mood BIGINT NOT NULL,
    stress BIGINT NOT NULL,
    confidence BIGINT NOT NULL,
    note TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (user_id, day)
);
