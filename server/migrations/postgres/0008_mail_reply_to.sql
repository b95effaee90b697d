-- Where a reply to a queued e-mail goes, when not to the sender (e.g. the contact-form copy).
ALTER TABLE mail_outbox ADD COLUMN reply_to TEXT;
