// The peer bench/run measures SWAZ against: the same signed-in vision read,
// GET /_api/v1/userinput/athleticvision, written with Express + better-sqlite3 the way a small
// team would write it, against the same SQLite file and the same token secret.
//
//   DATABASE_PATH     the SQLite file SWAZ writes (required; this server only reads it)
//   SWAZ_JWT_SECRET   the HS256 key SWAZ signs access tokens with (required)
//   SWAZ_PUBLIC_URL   SWAZ's public origin: tokens carry `iss` = "$SWAZ_PUBLIC_URL/auth/v1"
//   PORT              listens on 127.0.0.1:$PORT (3000)
//   PEER_WORKERS      worker processes (2)
//   PEER_JWT_KEY      `key` (default): the HS256 key is made once at start; `string`: the secret
//                     is passed to every verify as a string, as jsonwebtoken's README shows it
//
// Node runs JavaScript on one thread, so one process uses one core. On the 2-core machine the
// benchmark runs on, a team would run a cluster of 2 workers (node:cluster, pm2 or two
// containers), so that is the default here: the comparison with SWAZ, which uses every core,
// is then fair.

const cluster = require('node:cluster');

const workers = Number(process.env.PEER_WORKERS || 2);

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    console.error(`peer worker ${worker.process.pid} exited (${signal || code})`);
  });
} else {
  startServer();
}

function startServer() {
  const crypto = require('node:crypto');
  const express = require('express');
  const jwt = require('jsonwebtoken');
  const Database = require('better-sqlite3');

  const dbPath = required('DATABASE_PATH');
  // The key is made once: given the secret as a string, jsonwebtoken 9 first tries to parse it
  // as a public key on every verify and fails, which costs 25 to 50 times the check itself
  // (auth0/node-jsonwebtoken#966); a team that profiled once would do this, so the peer does.
  // PEER_JWT_KEY=string keeps the string, as the library's README writes `jwt.verify`.
  const keyFrom = process.env.PEER_JWT_KEY || 'key';
  if (keyFrom !== 'key' && keyFrom !== 'string') {
    console.error('PEER_JWT_KEY must be "key" or "string"');
    process.exit(1);
  }
  const secret = keyFrom === 'string'
    ? required('SWAZ_JWT_SECRET')
    : crypto.createSecretKey(Buffer.from(required('SWAZ_JWT_SECRET')));
  const port = Number(process.env.PORT || 3000);
  const publicUrl = (process.env.SWAZ_PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  const issuer = `${publicUrl}/auth/v1`;

  const db = new Database(dbPath, { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');

  // The session must exist, not be revoked and belong to the token's user; the count says
  // whether the user has a verified second factor (then an aal1 token is not enough).
  const liveSession = db.prepare(`
    SELECT (SELECT COUNT(*) FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified')
           AS verified_factors
    FROM auth_sessions s
    WHERE s.id = ? AND s.user_id = ? AND s.revoked_at IS NULL`);
  const currentVision = db.prepare(`
    SELECT q1, q2, q3, q4, q5, q6, q7, q8, q9, updated_at
    FROM athletic_visions WHERE user_id = ?`);

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');

  // Who is calling: a valid access token whose session is still live.
  function requireUser(req, res, next) {
    const header = req.get('authorization') || '';
    const [scheme, token] = header.split(' ');
    if (!token || scheme.toLowerCase() !== 'bearer') {
      return unauthorized(res, 'Please sign in to continue.');
    }
    let claims;
    try {
      claims = jwt.verify(token.trim(), secret, {
        algorithms: ['HS256'],
        audience: 'authenticated',
        issuer,
        clockTolerance: 0,
      });
    } catch {
      return unauthorized(res, 'Your session has expired. Please sign in again.');
    }
    if (claims.role !== 'authenticated' || typeof claims.exp !== 'number') {
      return unauthorized(res, 'Your session has expired. Please sign in again.');
    }
    const session = liveSession.get(claims.session_id, claims.sub);
    if (!session) {
      return unauthorized(res, 'Your session has expired. Please sign in again.');
    }
    if (session.verified_factors > 0 && claims.aal !== 'aal2') {
      return unauthorized(res, 'Enter the code from your authenticator app to finish signing in.');
    }
    req.user = { id: claims.sub, email: claims.email, sessionId: claims.session_id };
    next();
  }

  app.get('/_api/v1/userinput/athleticvision', requireUser, (req, res) => {
    const row = currentVision.get(req.user.id);
    if (!row) {
      return notFound(res, 'No Athletic Vision is saved yet.');
    }
    const answers = [row.q1, row.q2, row.q3, row.q4, row.q5, row.q6, row.q7, row.q8, row.q9];
    if (answers.some((a) => a == null || a.trim() === '')) {
      return notFound(res, 'No Athletic Vision is saved yet: some questions are still unanswered.');
    }
    res.set('Cache-Control', 'no-store');
    res.json({
      q1: row.q1, q2: row.q2, q3: row.q3, q4: row.q4, q5: row.q5,
      q6: row.q6, q7: row.q7, q8: row.q8, q9: row.q9,
      updatedAt: isoMicros(row.updated_at),
    });
  });

  app.use((err, req, res, next) => {
    console.error(err);
    res.status(500).json({ code: 'internal_error', message: 'Something went wrong on our side. Please try again in a moment.' });
  });

  app.listen(port, '127.0.0.1', () => {
    console.log(`peer ${process.pid} listening on 127.0.0.1:${port}`);
  });
}

function unauthorized(res, message) {
  return res.status(401).json({ code: 'unauthorized', message });
}

function notFound(res, message) {
  return res.status(404).json({ code: 'not_found', message });
}

// SWAZ writes times as RFC 3339 with microseconds ("2026-01-02T03:04:05.678000Z"); the
// database holds milliseconds since the epoch.
function isoMicros(ms) {
  return new Date(Number(ms)).toISOString().replace(/Z$/, '000Z');
}

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(1);
  }
  return value;
}
