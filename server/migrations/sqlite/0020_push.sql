-- Web Push (issue 28). The server's VAPID key pair (RFC 8292), made once at first start and
-- shared by every instance through the database: one row, id 1. The private key is PKCS#8,
-- base64; the public key the uncompressed P-256 point, base64url, as browsers take it.
CREATE TABLE push_keys (
    id INTEGER PRIMARY KEY,
    private_pkcs8 TEXT NOT NULL,
    public_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A member's device that accepts push messages: the push service's endpoint and the keys the
-- messages are encrypted for (RFC 8291). An endpoint belongs to the member who subscribed last.
CREATE TABLE push_subscriptions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    label TEXT,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
