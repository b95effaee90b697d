-- A requested new e-mail address, applied only once a link sent to it is used.
ALTER TABLE users ADD COLUMN email_change TEXT;
