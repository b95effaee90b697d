-- Admins see the team's current invite link until they replace or revoke it (issue 29): the
-- token is kept sealed (AES-256-GCM with a key derived from SWAZ_JWT_SECRET), and still looked
-- up by its SHA-256. A link made before this column has none and is not shown again.
ALTER TABLE team_invites ADD COLUMN token_sealed TEXT;
