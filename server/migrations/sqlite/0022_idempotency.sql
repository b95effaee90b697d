-- Saves safe to repeat (issue 29): an `Idempotency-Key` a member sent with a save, and the
-- answer that save gave, so the same key within 24 hours answers it again and stores nothing
-- new (a double tap, a retry after a lost answer, an offline queue sending again).
CREATE TABLE idempotency_keys (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    idem_key TEXT NOT NULL,
    route TEXT NOT NULL,
    response TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
