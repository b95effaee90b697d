-- Reminder mails carry RFC 8058 one-click unsubscribe: the signed unsubscribe address for the
-- `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT;
ALTER TABLE push_batches ADD COLUMN fallback_list_unsubscribe TEXT;
