// Starts a real `swaz serve` for one test run: a free port, a fresh data directory and a fresh
// database (SQLite in the data dir, or a new PostgreSQL database when TEST_DATABASE_URL is set).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

export const swazBin = process.env.SWAZ_BIN ?? resolve(import.meta.dirname, '../../target/debug/swaz');

export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/** The environment of one test server: reused by `swaz user create` to reach the same data. */
export function serverEnv(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'swaz-e2e-'));
  const env = {
    SWAZ_ADDR: `127.0.0.1:${port}`,
    SWAZ_PUBLIC_URL: `http://127.0.0.1:${port}`,
    SWAZ_DATA_DIR: dataDir,
    SWAZ_WEB_DIR: process.env.E2E_WEB_DIR ?? resolve(import.meta.dirname, '../../web/dist'),
    SWAZ_ENV: 'development',
    SWAZ_LOG: 'warn',
    SWAZ_AUTH_RATE_LIMIT: '1000',
    // Lets a test move the server's clock through /_dev/clock (streaks across days).
    SWAZ_SETTABLE_CLOCK: 'true',
  };
  const pg = process.env.TEST_DATABASE_URL;
  if (pg && pg.startsWith('postgres')) {
    const url = new URL(pg);
    url.pathname = `/swaz_e2e_${randomBytes(6).toString('hex')}`;
    env.DATABASE_URL = url.toString();
  } else {
    env.DATABASE_URL = `sqlite://${join(dataDir, 'swaz.db')}?mode=rwc`;
  }
  return env;
}

/**
 * Starts the server and resolves once /healthz answers 200. `extraEnv` adds to or overrides the
 * test environment (e.g. `SWAZ_REMINDER_TICK_SECS` for a spec that waits for reminders).
 */
export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const env = { ...serverEnv(port), ...extraEnv };
  const child = spawn(swazBin, ['serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseURL = env.SWAZ_PUBLIC_URL;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`swaz serve exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('swaz serve did not become healthy within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    env,
    stop: () => new Promise((ok) => { child.once('exit', ok); child.kill('SIGTERM'); }),
  };
}

/** Creates a user through the operator command line and answers its id. */
export function createUser(env, { email, password, firstName = 'Test', lastName = '', confirmed = true, paid = false }) {
  const args = ['user', 'create', '--email', email, '--password', password, '--first-name', firstName, '--last-name', lastName];
  if (confirmed) args.push('--confirmed');
  if (paid) args.push('--paid');
  return execFileSync(swazBin, args, { env: { ...process.env, ...env } }).toString().trim();
}

/** A service-role key for the admin API of the server with this environment (`swaz service-key`). */
export function serviceKey(env, days = 1) {
  // Without the server's data directory the command would make a new secret in the working one.
  if (!env?.SWAZ_DATA_DIR) throw new Error('serviceKey needs the environment of the test server');
  return execFileSync(swazBin, ['service-key', '--days', String(days)], { env: { ...process.env, ...env } }).toString().trim();
}

/** Every mail delivered to `email` in the development mailbox so far, newest first. */
export async function mailsTo(baseURL, email) {
  const res = await fetch(`${baseURL}/_dev/mailbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /_dev/mailbox answered ${res.status}`);
  return res.json();
}

/** Newest mail to `email` that `accept` takes, waiting for it to be delivered. */
export async function mailMatching(baseURL, email, accept, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(baseURL, email)).find(accept);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Newest mail to `email` in the development mailbox, waiting for it to be delivered. */
export function latestMail(baseURL, email, timeoutMs = 10_000) {
  return mailMatching(baseURL, email, () => true, timeoutMs);
}

export function linkIn(mail) {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return match[0];
}

/** The 6-digit code a mail asks to enter ("… code …: 123456"). */
export function codeIn(mail) {
  const match = mail.text.match(/\bcode\b[^\n]*:\s*(\d{6})\s*$/m);
  if (!match) throw new Error(`no code in ${mail.text}`);
  return match[1];
}
