// Authenticator-app (TOTP) two-factor sign-in with the real @supabase/auth-js client: enrolling,
// stepping a session up to aal2, what an aal1 session may not do, and the admin's factor calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUser } from '../support/server.mjs';
import {
  useServer, authClient, adminClient, uniqueEmail, assertAuthError, ok, claimsOf, productApiStatus, Authenticator,
} from './helpers.mjs';

const server = useServer();
const PASSWORD = 'first-password-1';

async function signedIn(email) {
  const auth = authClient(server);
  const { session } = ok(await auth.signInWithPassword({ email, password: PASSWORD }));
  return { auth, session };
}

async function aal(auth) {
  const { currentLevel, nextLevel, currentAuthenticationMethods } = ok(await auth.mfa.getAuthenticatorAssuranceLevel());
  return { currentLevel, nextLevel, methods: currentAuthenticationMethods.map((m) => m.method).sort() };
}

/** A user with a verified TOTP factor, and the authenticator app holding its secret. */
async function userWithFactor(tag) {
  const email = uniqueEmail(tag);
  const userId = createUser(server.env, { email, password: PASSWORD });
  const { auth } = await signedIn(email);
  const enrolled = ok(await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' }));
  const app = new Authenticator(enrolled.totp.secret);
  ok(await auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: await app.nextCode() }));
  return { email, userId, factorId: enrolled.id, app };
}

test('enrolls an authenticator app, and a verified code steps the session up to aal2', async () => {
  const email = uniqueEmail('tara');
  createUser(server.env, { email, password: PASSWORD });
  const { auth } = await signedIn(email);
  assert.deepEqual(await aal(auth), { currentLevel: 'aal1', nextLevel: 'aal1', methods: ['password'] });

  const enrolled = ok(await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' }));
  assert.equal(enrolled.type, 'totp');
  assert.equal(enrolled.friendly_name, 'Phone');
  assert.ok(enrolled.totp.qr_code.startsWith('data:image/svg+xml;utf-8,'), enrolled.totp.qr_code.slice(0, 60));
  assert.match(enrolled.totp.qr_code, /<svg[\s\S]*<\/svg>\s*$/);
  assert.match(enrolled.totp.secret, /^[A-Z2-7]{16,}$/);
  const uri = new URL(enrolled.totp.uri);
  assert.equal(uri.protocol, 'otpauth:');
  assert.equal(uri.searchParams.get('secret'), enrolled.totp.secret);
  assert.equal(uri.searchParams.get('issuer'), 'SWAZ');
  const unverified = ok(await auth.mfa.listFactors());
  assert.deepEqual(unverified.all.map((f) => [f.id, f.status]), [[enrolled.id, 'unverified']]);
  assert.deepEqual(unverified.totp, []);

  const challenge = ok(await auth.mfa.challenge({ factorId: enrolled.id }));
  assert.ok(challenge.id);
  assert.equal(challenge.type, 'totp');
  assert.ok(challenge.expires_at > Date.now() / 1000);
  const app = new Authenticator(enrolled.totp.secret);
  const wrong = await auth.mfa.verify({ factorId: enrolled.id, challengeId: challenge.id, code: app.wrongCode() });
  assertAuthError(wrong.error, { status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

  const verified = ok(await auth.mfa.verify({ factorId: enrolled.id, challengeId: challenge.id, code: await app.nextCode() }));
  assert.equal(verified.token_type, 'bearer');
  assert.equal(claimsOf(verified.access_token).aal, 'aal2');
  assert.deepEqual(await aal(auth), { currentLevel: 'aal2', nextLevel: 'aal2', methods: ['password', 'totp'] });
  assert.equal((await auth.getSession()).data.session.access_token, verified.access_token);
  assert.equal(await productApiStatus(server, verified.access_token), 200);

  const refreshed = ok(await auth.refreshSession()).session;
  assert.notEqual(refreshed.refresh_token, verified.refresh_token);
  assert.equal(claimsOf(refreshed.access_token).aal, 'aal2');
  assert.deepEqual(await aal(auth), { currentLevel: 'aal2', nextLevel: 'aal2', methods: ['password', 'totp'] });
});

test('a password sign-in with a verified factor is aal1 until challengeAndVerify; only aal2 may unenroll', async () => {
  const { email, factorId, app } = await userWithFactor('uma');
  const { auth, session } = await signedIn(email);
  assert.deepEqual(await aal(auth), { currentLevel: 'aal1', nextLevel: 'aal2', methods: ['password'] });
  const factors = ok(await auth.mfa.listFactors());
  assert.deepEqual(factors.totp.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]), [[factorId, 'totp', 'verified', 'Phone']]);
  assert.equal(await productApiStatus(server, session.access_token), 401);
  assertAuthError((await auth.mfa.unenroll({ factorId })).error, {
    status: 422,
    code: 'insufficient_aal',
    message: 'AAL2 required to unenroll verified factor',
  });

  const stepped = ok(await auth.mfa.challengeAndVerify({ factorId, code: await app.nextCode() }));
  assert.deepEqual(await aal(auth), { currentLevel: 'aal2', nextLevel: 'aal2', methods: ['password', 'totp'] });
  assert.equal(await productApiStatus(server, stepped.access_token), 200);

  assert.equal(ok(await auth.mfa.unenroll({ factorId })).id, factorId);
  assert.deepEqual(ok(await auth.mfa.listFactors()).all, []);
  const again = await signedIn(email);
  assert.deepEqual(await aal(again.auth), { currentLevel: 'aal1', nextLevel: 'aal1', methods: ['password'] });
  assert.equal(await productApiStatus(server, again.session.access_token), 200);
});

test('the admin lists and deletes a factor (a member who lost their phone)', async () => {
  const { email, userId, factorId } = await userWithFactor('vic');
  const { mfa } = adminClient(server).admin;
  const { factors } = ok(await mfa.listFactors({ userId }));
  assert.deepEqual(factors.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]), [[factorId, 'totp', 'verified', 'Phone']]);
  // auth-js 2.109 wraps the answer (the factor removed) in a second { data, error }.
  assert.equal(ok(await mfa.deleteFactor({ userId, id: factorId })).data.id, factorId);
  assert.deepEqual(ok(await mfa.listFactors({ userId })).factors, []);
  assertAuthError((await mfa.deleteFactor({ userId, id: factorId })).error, { status: 404, code: 'mfa_factor_not_found' });

  const { auth, session } = await signedIn(email);
  assert.deepEqual(await aal(auth), { currentLevel: 'aal1', nextLevel: 'aal1', methods: ['password'] });
  assert.equal(await productApiStatus(server, session.access_token), 200);
});
