-- Teams: each member gets its own id (the web app's key for a member card).
ALTER TABLE team_members ADD COLUMN id TEXT;
UPDATE team_members SET id = gen_random_uuid()::text WHERE id IS NULL;
CREATE UNIQUE INDEX team_members_id ON team_members(id);

-- The one live invite link of a team: only the SHA-256 of its token is kept. A new link
-- replaces the row; revoking deletes it.
CREATE TABLE team_invites (
    team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_by TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
