-- Identity: users, sessions, rotating refresh tokens, one-time e-mailed tokens.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    encrypted_password TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    user_metadata TEXT NOT NULL DEFAULT '{}',
    email_confirmed_at BIGINT,
    confirmation_sent_at BIGINT,
    recovery_sent_at BIGINT,
    last_sign_in_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE auth_sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    refreshed_at BIGINT NOT NULL,
    revoked_at BIGINT,
    user_agent TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT ''
);
CREATE INDEX auth_sessions_user ON auth_sessions(user_id);

CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    parent_hash TEXT,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
CREATE INDEX refresh_tokens_parent ON refresh_tokens(parent_hash);

CREATE TABLE one_time_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX one_time_tokens_user ON one_time_tokens(user_id, kind);

-- A complimentary membership or other grant the PAID logic reads (e.g. 'comp_solo').
CREATE TABLE membership_grants (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX membership_grants_user ON membership_grants(user_id);

-- Fixed-window counters shared by every instance.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL
);

-- Outgoing mail: written in the same transaction as the change that causes it.
CREATE TABLE mail_outbox (
    id TEXT PRIMARY KEY,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    claimed_until BIGINT,
    sent_at BIGINT,
    transport TEXT,
    last_error TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox(sent_at, next_attempt_at);
