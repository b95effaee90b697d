-- Supabase Auth's user fields SWAZ lacked (issue 26): when the user was invited, when an e-mail
-- change was last sent, and how many of its two confirmations (current and new address, with
-- SWAZ_SECURE_EMAIL_CHANGE) have come in.
ALTER TABLE users ADD COLUMN invited_at BIGINT;
ALTER TABLE users ADD COLUMN email_change_sent_at BIGINT;
ALTER TABLE users ADD COLUMN email_change_confirm_status BIGINT NOT NULL DEFAULT 0;
