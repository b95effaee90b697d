-- A fair streak (issue 29). Days an athlete rests (rest, injury or travel), chosen ahead or on
-- the day itself: each pauses the streak instead of breaking it. The day is a calendar date in
-- the athlete's own zone (`YYYY-MM-DD`), so it stays the same date when they travel. The server
-- allows two a week (Monday to Sunday) and twenty a calendar year.
CREATE TABLE rest_days (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, day)
);

-- An athlete who finds the streak stressful hides it from their own dashboard (a nullable
-- timestamp, as other flags).
CREATE TABLE streak_preferences (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    hidden_at BIGINT
);
