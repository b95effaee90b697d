-- The rest of the identity surface: e-mailed codes, PKCE flows, TOTP factors, operator metadata.

-- A 6-digit code mailed with a link; it is matched with the address, never alone.
ALTER TABLE one_time_tokens ADD COLUMN code_hash TEXT;
-- The PKCE flow a link belongs to, when the client started one.
ALTER TABLE one_time_tokens ADD COLUMN flow_id TEXT;
CREATE INDEX one_time_tokens_code ON one_time_tokens(code_hash);

-- PKCE (RFC 7636): the client's code challenge, and the code it exchanges once the link is used.
CREATE TABLE flow_states (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_challenge TEXT NOT NULL,
    code_challenge_method TEXT NOT NULL,
    authentication_method TEXT NOT NULL,
    auth_code_hash TEXT UNIQUE,
    auth_code_issued_at BIGINT,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX flow_states_user ON flow_states(user_id);

-- Operator-owned metadata (GoTrue's app_metadata) and bans.
ALTER TABLE users ADD COLUMN app_metadata TEXT NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN banned_until BIGINT;

-- How a session was authenticated: 'aal1' or 'aal2', and GoTrue's amr list as JSON.
ALTER TABLE auth_sessions ADD COLUMN aal TEXT NOT NULL DEFAULT 'aal1';
ALTER TABLE auth_sessions ADD COLUMN amr TEXT NOT NULL DEFAULT '[]';
ALTER TABLE auth_sessions ADD COLUMN factor_id TEXT;

-- Authenticator-app (TOTP) factors and their challenges.
CREATE TABLE mfa_factors (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    friendly_name TEXT NOT NULL DEFAULT '',
    factor_type TEXT NOT NULL,
    status TEXT NOT NULL,
    secret TEXT NOT NULL,
    last_used_step BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX mfa_factors_user ON mfa_factors(user_id);

CREATE TABLE mfa_challenges (
    id TEXT PRIMARY KEY,
    factor_id TEXT NOT NULL REFERENCES mfa_factors(id) ON DELETE CASCADE,
    ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    verified_at BIGINT
);
CREATE INDEX mfa_challenges_factor ON mfa_challenges(factor_id);
