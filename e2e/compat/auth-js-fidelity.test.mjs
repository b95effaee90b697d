// Where a Supabase client could tell SWAZ from Supabase Auth (issue 26, identity fidelity), driven
// through the real @supabase/auth-js client and its admin client: each answer is GoTrue's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestMail, linkIn, codeIn, mailMatching } from '../support/server.mjs';
import { useServer, authClient, adminClient, uniqueEmail, assertAuthError, ok } from './helpers.mjs';

let admin;
const server = useServer((started) => { admin = adminClient(started).admin; });

const BAD_FORMAT = {
  name: 'AuthApiError',
  status: 400,
  code: 'validation_failed',
  message: 'Unable to validate email address: invalid format',
};

/** An HS256 JWT with exactly `claims`, signed with the server's own secret. */
function handMadeKey(claims) {
  const secret = readFileSync(join(server.env.SWAZ_DATA_DIR, 'jwt_secret'), 'utf8').trim();
  const part = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

/** A signed-up, confirmed member without a first name, signed in on a client. */
async function namelessMember() {
  const email = uniqueEmail('nameless');
  const password = 'a-good-password';
  const client = authClient(server);
  ok(await client.signUp({ email, password }));
  await fetch(linkIn(await latestMail(server.baseURL, email)), { redirect: 'manual' });
  ok(await client.signInWithPassword({ email, password }));
  return { client, email, password };
}

test('updateUser({ email }) works without a first name, and a bad address gets GoTrue\'s words', async () => {
  const { client, email } = await namelessMember();
  const newEmail = uniqueEmail('named');
  const { user } = ok(await client.updateUser({ email: newEmail }));
  assert.equal(user.email, email);
  assert.equal(user.new_email, newEmail);
  assert.ok(user.email_change_sent_at);

  const { error } = await client.updateUser({ email: 'xx:;x@x.x' });
  assertAuthError(error, BAD_FORMAT);
});

test('signUp and the admin API refuse a bad address as GoTrue does, and create nobody', async () => {
  const { error } = await authClient(server).signUp({ email: 'xx:;x@x.x', password: 'a-good-password' });
  assertAuthError(error, BAD_FORMAT);
  assertAuthError((await admin.createUser({ email: 'xx:;x@x.x', password: 'a-good-password' })).error, BAD_FORMAT);
  assertAuthError((await admin.inviteUserByEmail('xx:;x@x.x')).error, BAD_FORMAT);
  assertAuthError((await admin.generateLink({ type: 'magiclink', email: 'xx:;x@x.x' })).error, BAD_FORMAT);
  const { users } = ok(await admin.listUsers({ perPage: 1000 }));
  assert.ok(!users.some((u) => u.email.includes(';')), 'no user was made');
});

test('user_metadata is exactly what was given (and GoTrue\'s email_verified once confirmed)', async () => {
  const data = { first_name: 'Ann', team: { size: 3 } };
  const email = uniqueEmail('meta');
  const { user } = ok(await authClient(server).signUp({ email, password: 'a-good-password', options: { data } }));
  assert.deepEqual(user.user_metadata, data);

  const made = ok(await admin.createUser({ email: uniqueEmail('plain'), password: 'a-good-password' })).user;
  assert.deepEqual(made.user_metadata, {});
  const confirmed = ok(await admin.createUser({
    email: uniqueEmail('conf'), password: 'a-good-password', email_confirm: true, user_metadata: { last_name: 'Young' },
  })).user;
  assert.deepEqual(confirmed.user_metadata, { last_name: 'Young', email_verified: true });
});

test('an invited user has invited_at; empty timestamps are left out, not null', async () => {
  const { user: invited } = ok(await admin.inviteUserByEmail(uniqueEmail('ivy')));
  assert.ok(invited.invited_at, JSON.stringify(invited));
  const { user: linked } = ok(await admin.generateLink({ type: 'invite', email: uniqueEmail('ian') }));
  assert.ok(linked.invited_at);

  const { user: made } = ok(await admin.createUser({ email: uniqueEmail('bare') }));
  for (const key of [
    'email_confirmed_at', 'invited_at', 'confirmation_sent_at', 'confirmed_at', 'recovery_sent_at',
    'email_change_sent_at', 'new_email', 'last_sign_in_at', 'banned_until',
  ]) {
    assert.ok(!(key in made), `${key} should be left out: ${JSON.stringify(made)}`);
  }
});

test('a service_role key without iss or exp is taken; only the signature and the role count', async () => {
  const bare = adminClient(server, handMadeKey({ role: 'service_role' })).admin;
  ok(await bare.listUsers({ perPage: 1 }));
  const member = adminClient(server, handMadeKey({ role: 'authenticated' })).admin;
  assertAuthError((await member.listUsers({ perPage: 1 })).error, { status: 403, code: 'not_admin' });
  const expired = adminClient(server, handMadeKey({ role: 'service_role', exp: 1 })).admin;
  assertAuthError((await expired.listUsers({ perPage: 1 })).error, { status: 403, code: 'bad_jwt' });
});

test('what SWAZ does not offer answers with GoTrue\'s codes', async () => {
  const client = authClient(server);
  assertAuthError((await client.signInWithSSO({ domain: 'example.com' })).error, {
    status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled',
  });
  assertAuthError((await client.signInAnonymously()).error, {
    status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled',
  });
  assertAuthError((await client.signInWithIdToken({ provider: 'google', token: 'a.b.c' })).error, {
    status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled',
  });
  assertAuthError((await client.signInWithIdToken({ provider: 'https://issuer.example', token: 'a.b.c' })).error, {
    status: 400, code: 'validation_failed', message: 'Custom OIDC provider "https://issuer.example" not allowed',
  });
  assertAuthError((await client.signInWithOtp({ phone: '+15555550100' })).error, {
    status: 400, code: 'phone_provider_disabled', message: 'Unsupported phone provider',
  });
  assertAuthError((await client.signUp({ phone: '+15555550100', password: 'a-good-password' })).error, {
    status: 400, code: 'phone_provider_disabled', message: 'Phone signups are disabled',
  });
  assertAuthError((await client.signInWithPassword({ phone: '+15555550100', password: 'a-good-password' })).error, {
    status: 422, code: 'phone_provider_disabled', message: 'Phone logins are disabled',
  });
  if (typeof client.signInWithWeb3 === 'function') {
    const { error } = await client.signInWithWeb3({ chain: 'ethereum', message: 'sign in', signature: '0x00' });
    assertAuthError(error, { status: 422, code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
  }

  const { client: member } = await namelessMember();
  const { error } = await member.linkIdentity({ provider: 'google' });
  assertAuthError(error, { status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
});

// Secure e-mail change (SWAZ_SECURE_EMAIL_CHANGE, on by default as GoTrue's
// MAILER_SECURE_EMAIL_CHANGE_ENABLED): both addresses confirm, each with its own code.
const FIRST_OF_TWO = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const NEW_SUBJECT = 'Confirm your new SWAZ e-mail address';
const CURRENT_SUBJECT = 'Confirm the change of your SWAZ e-mail address';

test('updateUser({ email }) moves the address once both the current and the new one verify their codes', async () => {
  const { client, email, password } = await namelessMember();
  const newEmail = uniqueEmail('moved');
  ok(await client.updateUser({ email: newEmail }));
  const newCode = codeIn(await mailMatching(server.baseURL, newEmail, (m) => m.subject === NEW_SUBJECT));
  const currentCode = codeIn(await mailMatching(server.baseURL, email, (m) => m.subject === CURRENT_SUBJECT));

  // A code is good only with the address it went to.
  const crossed = await client.verifyOtp({ email: newEmail, token: currentCode, type: 'email_change' });
  assertAuthError(crossed.error, {
    name: 'AuthApiError', status: 403, code: 'otp_expired', message: 'Token has expired or is invalid',
  });

  // GoTrue answers the first of the two `{ msg, code: 200 }`, which auth-js hands back as no
  // user and no session (the exact body is checked in server/tests/api/identity_email_change.rs).
  const first = ok(await client.verifyOtp({ email: newEmail, token: newCode, type: 'email_change' }));
  assert.deepEqual(first, { user: null, session: null });
  assert.ok((await authClient(server).signInWithPassword({ email: newEmail, password })).error, 'not moved yet');

  const second = ok(await client.verifyOtp({ email, token: currentCode, type: 'email_change' }));
  assert.equal(second.user.email, newEmail);
  assert.ok(second.session.access_token);
  ok(await authClient(server).signInWithPassword({ email: newEmail, password }));
});

test('admin.generateLink makes email_change_current and email_change_new as GoTrue does', async () => {
  const { email, password } = await namelessMember();
  const newEmail = uniqueEmail('generated');
  const current = ok(await admin.generateLink({ type: 'email_change_current', email, newEmail }));
  const fresh = ok(await admin.generateLink({ type: 'email_change_new', email, newEmail }));
  for (const [link, type] of [[current, 'email_change_current'], [fresh, 'email_change_new']]) {
    assert.equal(link.properties.verification_type, type);
    assert.match(link.properties.email_otp, /^\d{6}$/);
    assert.match(link.properties.action_link, /\/auth\/v1\/verify\?token=[^&]+&type=email_change&/);
    assert.equal(link.user.new_email, newEmail);
  }

  const res = await fetch(current.properties.action_link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const location = new URL(res.headers.get('location'));
  assert.equal(new URLSearchParams(location.hash.slice(1)).get('message'), FIRST_OF_TWO);

  const client = authClient(server);
  const done = ok(await client.verifyOtp({ email: newEmail, token: fresh.properties.email_otp, type: 'email_change' }));
  assert.equal(done.user.email, newEmail);
  ok(await authClient(server).signInWithPassword({ email: newEmail, password }));
});
