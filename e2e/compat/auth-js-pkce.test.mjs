// The PKCE flow with the real @supabase/auth-js client: the mailed link redirects with `?code=`,
// which only the client holding the code verifier can exchange for a session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUser, latestMail, linkIn } from '../support/server.mjs';
import { useServer, authClient, memoryStorage, uniqueEmail, assertAuthError, ok, verifyLinkParams, STORAGE_KEY } from './helpers.mjs';

const server = useServer();
const VERIFIER_KEY = `${STORAGE_KEY}-code-verifier`;

/** A PKCE client with its storage, where auth-js keeps the code verifier. */
function pkceClient() {
  const storage = memoryStorage();
  return { auth: authClient(server, { storage, flowType: 'pkce' }), storage };
}

/** Follows the newest mail's link as a browser would: answers the link's type and the `code` of the redirect. */
async function followMailedLink(email, redirectPath) {
  const link = linkIn(await latestMail(server.baseURL, email));
  const type = verifyLinkParams(server, link).get('type');
  const res = await fetch(link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const location = res.headers.get('location');
  const match = location.match(/^(.*)\?code=([^&#]+)$/);
  assert.ok(match, `no ?code= in ${location}`);
  assert.equal(match[1], `${server.baseURL}${redirectPath}`);
  return { type, code: match[2] };
}

/** Signs up a new address with a PKCE client and follows the confirmation link. */
async function pkceSignUp(email) {
  const { auth, storage } = pkceClient();
  const data = ok(await auth.signUp({
    email,
    password: 'a-good-password',
    options: { emailRedirectTo: `${server.baseURL}/user-dashboard` },
  }));
  assert.equal(data.session, null);
  assert.equal(data.user.email, email);
  assert.ok(storage.items.get(VERIFIER_KEY), 'auth-js keeps a code verifier');
  const { type, code } = await followMailedLink(email, '/user-dashboard');
  assert.equal(type, 'signup');
  return { auth, storage, userId: data.user.id, code };
}

test('signUp with PKCE: the confirmation link redirects with a code that exchanges for a session once', async () => {
  const email = uniqueEmail('pia');
  const { auth, storage, userId, code } = await pkceSignUp(email);
  const verifier = storage.items.get(VERIFIER_KEY);

  const data = ok(await auth.exchangeCodeForSession(code));
  assert.equal(data.user.id, userId);
  assert.equal(data.session.user.email, email);
  assert.ok(data.user.email_confirmed_at);
  assert.equal(data.redirectType, null);
  assert.equal(JSON.parse(storage.items.get(STORAGE_KEY)).access_token, data.session.access_token);
  assert.equal(ok(await auth.getUser()).user.id, userId);

  // A client retrying the exchange with the same verifier: the code was used.
  storage.setItem(VERIFIER_KEY, verifier);
  assertAuthError((await auth.exchangeCodeForSession(code)).error, {
    status: 404,
    code: 'flow_state_not_found',
    message: 'invalid flow state, no valid flow state found',
  });
});

test('a PKCE code is useless without its own verifier, and a wrong guess does not burn it', async () => {
  const email = uniqueEmail('quin');
  const { auth, userId, code } = await pkceSignUp(email);

  const stranger = pkceClient().auth;
  assertAuthError((await stranger.exchangeCodeForSession(code)).error, { name: 'AuthPKCECodeVerifierMissingError' });

  const res = await fetch(`${server.baseURL}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth_code: code, code_verifier: `wrong-${'x'.repeat(50)}` }),
  });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.error_code, 'bad_code_verifier');
  assert.equal(body.msg, 'code challenge does not match previously saved code verifier');

  assert.equal(ok(await auth.exchangeCodeForSession(code)).user.id, userId);
});

test('resetPasswordForEmail with PKCE: the recovery code exchanges for a session that sets the password', async () => {
  const email = uniqueEmail('rex');
  const id = createUser(server.env, { email, password: 'first-password-1' });
  const { auth, storage } = pkceClient();
  ok(await auth.resetPasswordForEmail(email, { redirectTo: `${server.baseURL}/auth/reset-password` }));
  assert.match(JSON.parse(storage.items.get(VERIFIER_KEY)), /\/recovery$/);
  const { type, code } = await followMailedLink(email, '/auth/reset-password');
  assert.equal(type, 'recovery');

  const data = ok(await auth.exchangeCodeForSession(code));
  assert.equal(data.user.id, id);
  assert.equal(data.redirectType, 'recovery');
  ok(await auth.updateUser({ password: 'recovered-password' }));
  ok(await authClient(server).signInWithPassword({ email, password: 'recovered-password' }));
});

test('signInWithOtp with PKCE: the magic link redirects with a code for a session', async () => {
  const email = uniqueEmail('sol');
  const id = createUser(server.env, { email, password: 'first-password-1' });
  const { auth } = pkceClient();
  ok(await auth.signInWithOtp({ email, options: { emailRedirectTo: `${server.baseURL}/user-dashboard` } }));
  const { type, code } = await followMailedLink(email, '/user-dashboard');
  assert.equal(type, 'magiclink');
  assert.equal(ok(await auth.exchangeCodeForSession(code)).session.user.id, id);
});
