-- Reminders as push notifications (issue 28). Per reminder, where it goes: 'push' (to every
-- subscribed device, by e-mail when the member has none), 'email' or 'both'.
ALTER TABLE notification_settings ADD COLUMN daily_channel TEXT NOT NULL DEFAULT 'push';
ALTER TABLE notification_settings ADD COLUMN weekly_map_channel TEXT NOT NULL DEFAULT 'push';
ALTER TABLE notification_settings ADD COLUMN live_call_channel TEXT NOT NULL DEFAULT 'push';
ALTER TABLE notification_settings ADD COLUMN nudge_channel TEXT NOT NULL DEFAULT 'push';

-- One notification (a reminder's occasion, a coach's note) for one member: its devices' messages
-- share it. When it went by push only, the e-mail to send instead if no device takes it.
CREATE TABLE push_batches (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    fallback_to TEXT,
    fallback_subject TEXT,
    fallback_text TEXT,
    fallback_html TEXT,
    fallback_reply_to TEXT,
    -- 'none' (no fallback), 'waiting', 'mailed' or 'not_needed'.
    fallback_state TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX push_batches_waiting ON push_batches(fallback_state);

-- A message for one device, queued in the transaction that decided it and sent by any
-- instance's push worker (claimed for a lease, as the mail outbox is). The payload is the JSON
-- the service worker reads; it is encrypted for the device only when sent. The subscription is
-- not a foreign key: a device removed before sending leaves the row, answered 'gone'.
CREATE TABLE push_outbox (
    id TEXT PRIMARY KEY,
    batch_id TEXT NOT NULL REFERENCES push_batches(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL,
    endpoint TEXT NOT NULL,
    payload TEXT NOT NULL,
    urgency TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT,
    attempts INTEGER NOT NULL DEFAULT 0,
    -- 'pending', 'accepted', 'gone', 'refused' or 'expired'.
    outcome TEXT NOT NULL DEFAULT 'pending',
    sent_at BIGINT,
    last_error TEXT
);
CREATE INDEX push_outbox_due ON push_outbox(outcome, next_attempt_at);
CREATE INDEX push_outbox_batch ON push_outbox(batch_id);
CREATE INDEX push_outbox_user ON push_outbox(user_id, created_at);
