// Shared by the compatibility tests: one server per test file, real @supabase/auth-js clients
// on it, and what a client needs besides (mailed links and codes, authenticator-app codes).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { AuthClient } from '@supabase/auth-js';
import { startServer, serviceKey } from '../support/server.mjs';

/**
 * Starts a server before the file's tests, then runs `setup` on it, and stops it after; its fields
 * are set once started. (Root-level `before` hooks do not wait for each other on Node 20, hence
 * `setup` rather than a second hook.)
 */
export function useServer(setup = () => {}) {
  const server = {};
  before(async () => {
    Object.assign(server, await startServer());
    await setup(server);
  });
  after(async () => { await server.stop?.(); });
  return server;
}

export const STORAGE_KEY = 'sb-swaz-auth-token';

export function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => { items.set(k, v); },
    removeItem: (k) => { items.delete(k); },
    items,
  };
}

/** A browser-like client of `server` (the web app's settings); `options` override them. */
export function authClient(server, { storage = memoryStorage(), ...options } = {}) {
  return new AuthClient({
    url: `${server.baseURL}/auth/v1`,
    storageKey: STORAGE_KEY,
    storage,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    ...options,
  });
}

/** A server-side client holding a service-role key, for `.admin`. */
export function adminClient(server, key = serviceKey(server.env)) {
  return new AuthClient({
    url: `${server.baseURL}/auth/v1`,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    autoRefreshToken: false,
    persistSession: false,
    detectSessionInUrl: false,
  });
}

let n = 0;
export const uniqueEmail = (tag) => `${tag}-${Date.now()}-${n++}@example.com`;

/** Asserts an auth-js error has the given fields (any of name, status, code, message). */
export function assertAuthError(error, expected) {
  assert.ok(error, `expected an error like ${JSON.stringify(expected)}, got none`);
  const actual = Object.fromEntries(Object.keys(expected).map((k) => [k, error[k]]));
  assert.deepEqual(actual, expected);
}

/** Asserts a successful auth-js answer and returns its data. */
export function ok({ data, error }) {
  assert.equal(error, null, error && `${error.name} ${error.status} ${error.code}: ${error.message}`);
  return data;
}

/** The claims of an access token (not verified: the client's view of it). */
export function claimsOf(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
}

/** The status of `GET /_api/v1/swazprofile` (the product API) with this access token. */
export async function productApiStatus(server, accessToken) {
  const res = await fetch(`${server.baseURL}/_api/v1/swazprofile`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  await res.arrayBuffer();
  return res.status;
}

/** The query parameters of a mailed `/auth/v1/verify` link, checking it is one. */
export function verifyLinkParams(server, link) {
  const url = new URL(link);
  assert.equal(`${url.origin}${url.pathname}`, `${server.baseURL}/auth/v1/verify`);
  assert.ok(url.searchParams.get('token'), `no token in ${link}`);
  return url.searchParams;
}

/** The line of every e-mail that signs in, with the code typed in instead of the link. */
export const CODE_LINE = /^Or enter this code when the app asks for it: (\d{6})$/m;

// RFC 4648 base32, as in authenticator apps' secrets.
function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${text}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
      value &= (1 << bits) - 1;
    }
  }
  return Buffer.from(bytes);
}

const PERIOD_SECS = 30;
export const totpStep = (ms = Date.now()) => Math.floor(ms / 1000 / PERIOD_SECS);

/** RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) of a base32 secret at a step. */
export function totpCode(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * An authenticator app for one secret. A code works once per step, so after a step was used the
 * next code is that of the following step, which the server accepts within its ±1 step window.
 */
export class Authenticator {
  constructor(secret) {
    this.secret = secret;
    this.lastStep = -Infinity;
  }

  async nextCode() {
    const step = Math.max(totpStep(), this.lastStep + 1);
    while (step > totpStep() + 1) await new Promise((r) => setTimeout(r, 250));
    this.lastStep = step;
    return totpCode(this.secret, step);
  }

  /** A code that is wrong in every step the server could accept now. */
  wrongCode() {
    const now = totpStep();
    const valid = new Set([-1, 0, 1, 2].map((d) => totpCode(this.secret, now + d)));
    let code = 0;
    while (valid.has(String(code).padStart(6, '0'))) code += 111_111;
    return String(code).padStart(6, '0');
  }
}
