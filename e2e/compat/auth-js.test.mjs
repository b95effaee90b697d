// Drives the server with the real @supabase/auth-js client, unmodified: the proof that /auth/v1
// speaks GoTrue's wire format for every call the web app makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUser, latestMail, linkIn } from '../support/server.mjs';
import { useServer, authClient, memoryStorage, uniqueEmail } from './helpers.mjs';

const server = useServer();
const client = (storage = memoryStorage()) => authClient(server, { storage });

test('signs in with a password and stores the session under sb-swaz-auth-token', async () => {
  const email = uniqueEmail('ann');
  const id = createUser(server.env, { email, password: 'first-password-1', firstName: 'Ann' });
  const storage = memoryStorage();
  const auth = client(storage);
  const { data, error } = await auth.signInWithPassword({ email, password: 'first-password-1' });
  assert.equal(error, null);
  assert.equal(data.user.id, id);
  assert.equal(data.user.email, email);
  assert.equal(data.session.token_type, 'bearer');
  assert.ok(data.session.expires_at > Date.now() / 1000);
  const stored = JSON.parse(storage.items.get('sb-swaz-auth-token'));
  assert.equal(stored.access_token, data.session.access_token);

  const { data: got, error: getError } = await auth.getUser();
  assert.equal(getError, null);
  assert.equal(got.user.user_metadata.first_name, 'Ann');
});

test('a wrong password and an unconfirmed e-mail come back as GoTrue errors', async () => {
  const email = uniqueEmail('bob');
  createUser(server.env, { email, password: 'first-password-1', confirmed: false });
  const auth = client();
  const wrong = await auth.signInWithPassword({ email, password: 'not-the-password' });
  assert.equal(wrong.error.name, 'AuthApiError');
  assert.equal(wrong.error.status, 400);
  assert.equal(wrong.error.code, 'invalid_credentials');
  assert.equal(wrong.error.message, 'Invalid login credentials');
  const unconfirmed = await auth.signInWithPassword({ email, password: 'first-password-1' });
  assert.equal(unconfirmed.error.code, 'email_not_confirmed');
  assert.equal(unconfirmed.error.message, 'Email not confirmed');
});

test('refreshes with rotation and keeps the new session', async () => {
  const email = uniqueEmail('cy');
  createUser(server.env, { email, password: 'first-password-1' });
  const auth = client();
  const { data: first } = await auth.signInWithPassword({ email, password: 'first-password-1' });
  const { data, error } = await auth.refreshSession();
  assert.equal(error, null);
  assert.notEqual(data.session.refresh_token, first.session.refresh_token);
  const { data: current } = await auth.getSession();
  assert.equal(current.session.refresh_token, data.session.refresh_token);
  assert.equal((await auth.getUser()).data.user.email, email);
});

test('updates the password, and the new one signs in', async () => {
  const email = uniqueEmail('di');
  createUser(server.env, { email, password: 'first-password-1' });
  const auth = client();
  await auth.signInWithPassword({ email, password: 'first-password-1' });
  const weak = await auth.updateUser({ password: 'short' });
  assert.equal(weak.error.name, 'AuthWeakPasswordError');
  const { error } = await auth.updateUser({ password: 'second-password-2' });
  assert.equal(error, null);
  const again = await client().signInWithPassword({ email, password: 'second-password-2' });
  assert.equal(again.error, null);
});

test('signs out, after which the old access token is refused as a missing session', async () => {
  const email = uniqueEmail('ed');
  createUser(server.env, { email, password: 'first-password-1' });
  const storage = memoryStorage();
  const auth = client(storage);
  const { data } = await auth.signInWithPassword({ email, password: 'first-password-1' });
  const { error } = await auth.signOut();
  assert.equal(error, null);
  assert.equal(storage.items.get('sb-swaz-auth-token'), undefined);
  const { error: gone } = await client().getUser(data.session.access_token);
  assert.equal(gone.name, 'AuthSessionMissingError');
});

test('asks for recovery, and the e-mailed token signs in to reset the password', async () => {
  const email = uniqueEmail('fay');
  createUser(server.env, { email, password: 'first-password-1', firstName: 'Fay' });
  const auth = client();
  const ghost = await auth.resetPasswordForEmail(uniqueEmail('ghost'), { redirectTo: `${server.baseURL}/auth/reset-password` });
  assert.equal(ghost.error, null);
  const { error } = await auth.resetPasswordForEmail(email, { redirectTo: `${server.baseURL}/auth/reset-password` });
  assert.equal(error, null);
  const mail = await latestMail(server.baseURL, email);
  assert.equal(mail.subject, 'Reset your SWAZ password');
  const link = new URL(linkIn(mail));
  assert.equal(link.searchParams.get('redirect_to'), `${server.baseURL}/auth/reset-password`);
  const { data, error: verifyError } = await auth.verifyOtp({ token_hash: link.searchParams.get('token'), type: 'recovery' });
  assert.equal(verifyError, null);
  assert.equal(data.user.email, email);
  assert.equal((await auth.updateUser({ password: 'recovered-password' })).error, null);
  assert.equal((await client().signInWithPassword({ email, password: 'recovered-password' })).error, null);
});

test('signs up with e-mail confirmation: no session until the mailed link is used', async () => {
  const email = uniqueEmail('gus');
  const auth = client();
  const { data, error } = await auth.signUp({
    email,
    password: 'a-good-password',
    options: { data: { first_name: 'Gus' }, emailRedirectTo: `${server.baseURL}/user-dashboard` },
  });
  assert.equal(error, null);
  assert.equal(data.session, null);
  assert.equal(data.user.email, email);
  const blocked = await auth.signInWithPassword({ email, password: 'a-good-password' });
  assert.equal(blocked.error.code, 'email_not_confirmed');
  const res = await fetch(linkIn(await latestMail(server.baseURL, email)), { redirect: 'manual' });
  assert.equal(res.status, 303);
  assert.match(res.headers.get('location'), /\/user-dashboard#access_token=.+&type=signup$/);
  const { error: signInError } = await auth.signInWithPassword({ email, password: 'a-good-password' });
  assert.equal(signInError, null);
});
