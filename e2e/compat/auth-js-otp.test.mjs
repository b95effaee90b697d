// E-mailed codes with the real @supabase/auth-js client: passwordless sign-in (magic link and
// 6-digit code) and the reauthentication code that confirms a password change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUser, latestMail, linkIn, codeIn, mailsTo } from '../support/server.mjs';
import { useServer, authClient, uniqueEmail, assertAuthError, ok, verifyLinkParams, CODE_LINE } from './helpers.mjs';

const server = useServer();
const client = (options) => authClient(server, options);

/** Asks for a passwordless sign-in and answers the mail's link type, token and code. */
async function requestOtp(email, options) {
  const data = ok(await client().signInWithOtp({ email, options }));
  assert.deepEqual(data, { user: null, session: null });
  const mail = await latestMail(server.baseURL, email);
  assert.match(mail.text, CODE_LINE);
  const params = verifyLinkParams(server, linkIn(mail));
  return { mail, type: params.get('type'), tokenHash: params.get('token'), code: codeIn(mail) };
}

/** A code of six digits other than `code`. */
const otherCode = (code) => (code === '000000' ? '111111' : '000000');

const OTP_EXPIRED = { status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' };
const LINK_EXPIRED = { status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' };

test('signInWithOtp for a new address creates the account, and its code signs in', async () => {
  const email = uniqueEmail('olga');
  const { mail, type, code } = await requestOtp(email, { shouldCreateUser: true, data: { first_name: 'Olga' } });
  assert.equal(type, 'signup');
  assert.equal(mail.subject, 'Confirm your SWAZ e-mail address');

  const auth = client();
  const data = ok(await auth.verifyOtp({ email, token: code, type: 'email' }));
  assert.equal(data.user.email, email);
  assert.ok(data.user.email_confirmed_at);
  assert.equal(data.user.user_metadata.first_name, 'Olga');
  assert.equal(data.session.user.id, data.user.id);
  assert.equal(data.session.token_type, 'bearer');
  assert.equal((await auth.getSession()).data.session.access_token, data.session.access_token);
  assert.equal(ok(await auth.getUser()).user.id, data.user.id);
});

test('an existing address gets a magic link whose code signs in once; a wrong code is refused', async () => {
  const email = uniqueEmail('max');
  const id = createUser(server.env, { email, password: 'first-password-1' });
  const { mail, type, code } = await requestOtp(email, { shouldCreateUser: false });
  assert.equal(type, 'magiclink');
  assert.equal(mail.subject, 'Your SWAZ sign-in link');

  const auth = client();
  assertAuthError((await auth.verifyOtp({ email, token: otherCode(code), type: 'email' })).error, OTP_EXPIRED);
  const data = ok(await auth.verifyOtp({ email, token: code, type: 'email' }));
  assert.equal(data.user.id, id);
  assert.ok(data.session.access_token);
  assertAuthError((await client().verifyOtp({ email, token: code, type: 'email' })).error, OTP_EXPIRED);
});

test("the magic link's token_hash signs in once", async () => {
  const email = uniqueEmail('nia');
  const id = createUser(server.env, { email, password: 'first-password-1' });
  const { type, tokenHash } = await requestOtp(email);
  assert.equal(type, 'magiclink');

  const data = ok(await client().verifyOtp({ token_hash: tokenHash, type: 'magiclink' }));
  assert.equal(data.user.id, id);
  assert.ok(data.session.refresh_token);
  assertAuthError((await client().verifyOtp({ token_hash: tokenHash, type: 'magiclink' })).error, LINK_EXPIRED);
});

test('shouldCreateUser: false for an unknown address is refused, and nothing is sent', async () => {
  const email = uniqueEmail('nobody');
  const { data, error } = await client().signInWithOtp({ email, options: { shouldCreateUser: false } });
  assertAuthError(error, { name: 'AuthApiError', status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
  assert.deepEqual(data, { user: null, session: null });
  // Still unknown: no account was created on the way.
  assertAuthError((await client().signInWithOtp({ email, options: { shouldCreateUser: false } })).error, { code: 'otp_disabled' });
  assert.deepEqual(await mailsTo(server.baseURL, email), []);
});

test('a second sign-in mail to one address within a minute is refused', async () => {
  const email = uniqueEmail('quick');
  await requestOtp(email);
  const { error } = await client().signInWithOtp({ email });
  assertAuthError(error, { status: 429, code: 'over_email_send_rate_limit' });
  assert.match(error.message, /^For security purposes, you can only request this after \d+ seconds\.$/);
});

test('reauthenticate mails a code that confirms the new password; a wrong nonce is refused', async () => {
  const email = uniqueEmail('rita');
  createUser(server.env, { email, password: 'first-password-1' });
  const auth = client();
  ok(await auth.signInWithPassword({ email, password: 'first-password-1' }));
  ok(await auth.reauthenticate());
  const mail = await latestMail(server.baseURL, email);
  assert.equal(mail.subject, 'Your SWAZ confirmation code');
  const nonce = codeIn(mail);

  const wrong = await auth.updateUser({ password: 'second-password-2', nonce: otherCode(nonce) });
  assertAuthError(wrong.error, { status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
  assert.equal((await client().signInWithPassword({ email, password: 'second-password-2' })).error?.code, 'invalid_credentials');

  const data = ok(await auth.updateUser({ password: 'second-password-2', nonce }));
  assert.equal(data.user.email, email);
  ok(await client().signInWithPassword({ email, password: 'second-password-2' }));
});
