-- The athlete's own voice reading their vision (issue 28): one recording per athlete, kept in
-- the database so every instance serves it, gone with the account.
CREATE TABLE vision_recordings (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    content_type TEXT NOT NULL,
    audio BLOB NOT NULL,
    size BIGINT NOT NULL,
    etag TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
