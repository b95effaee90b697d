-- Messages sent through the public contact form (SPEC §3 'Contact message'). The operator gets
-- a copy by e-mail, queued in the same transaction, with Reply-To set to the sender.
CREATE TABLE contact_messages (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages(created_at);
