// The admin API with the real @supabase/auth-js client holding a service-role key from
// `swaz service-key`: users, links, invitations, bans.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { latestMail, linkIn, mailsTo } from '../support/server.mjs';
import { useServer, authClient, adminClient, uniqueEmail, assertAuthError, ok, verifyLinkParams, CODE_LINE } from './helpers.mjs';

let admin;
const server = useServer((started) => { admin = adminClient(started).admin; });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A confirmed user made through `admin.createUser`. */
async function createConfirmed(tag, user_metadata = {}) {
  const email = uniqueEmail(tag);
  const password = 'admin-made-password';
  const { user } = ok(await admin.createUser({ email, password, email_confirm: true, user_metadata }));
  return { email, password, user };
}

test('createUser, listUsers by page, getUserById', async () => {
  const first = await createConfirmed('ada', { first_name: 'Ada' });
  const second = await createConfirmed('bo');
  assert.match(first.user.id, UUID);
  assert.equal(first.user.email, first.email);
  assert.ok(first.user.email_confirmed_at);
  assert.equal(first.user.user_metadata.first_name, 'Ada');
  assert.equal(first.user.app_metadata.provider, 'email');
  ok(await authClient(server).signInWithPassword({ email: first.email, password: first.password }));

  const unconfirmed = uniqueEmail('cy');
  const made = ok(await admin.createUser({ email: unconfirmed, password: 'admin-made-password' })).user;
  assert.equal(made.email_confirmed_at ?? null, null);
  assert.deepEqual(await mailsTo(server.baseURL, unconfirmed), [], 'createUser sends no mail');

  const page1 = ok(await admin.listUsers({ page: 1, perPage: 1 }));
  assert.equal(page1.users.length, 1);
  assert.equal(page1.aud, 'authenticated');
  assert.ok(page1.total >= 3, `total ${page1.total}`);
  assert.equal(page1.nextPage, 2);
  // The first test on a fresh database: under 10 users, as auth-js reads one digit of Link's page numbers.
  assert.equal(page1.lastPage, page1.total);
  const page2 = ok(await admin.listUsers({ page: 2, perPage: 1 }));
  assert.equal(page2.users.length, 1);
  assert.notEqual(page2.users[0].id, page1.users[0].id);
  const all = ok(await admin.listUsers({ page: 1, perPage: 1000 }));
  assert.equal(all.users.length, page1.total);
  assert.equal(all.nextPage, null);
  const emails = all.users.map((u) => u.email);
  for (const email of [first.email, second.email, unconfirmed]) assert.ok(emails.includes(email), email);

  const got = ok(await admin.getUserById(first.user.id)).user;
  assert.equal(got.email, first.email);
  assert.equal(got.user_metadata.first_name, 'Ada');
  assertAuthError((await admin.createUser({ email: first.email, password: 'another-password' })).error, {
    status: 422,
    code: 'email_exists',
    message: 'A user with this email address has already been registered',
  });
});

test('updateUserById changes user and app metadata; deleteUser removes the account', async () => {
  const { email, password, user } = await createConfirmed('dee', { first_name: 'Dee' });
  const updated = ok(await admin.updateUserById(user.id, {
    user_metadata: { first_name: 'Delia' },
    app_metadata: { plan: 'coach' },
  })).user;
  assert.equal(updated.user_metadata.first_name, 'Delia');
  assert.equal(updated.app_metadata.plan, 'coach');
  assert.equal(updated.app_metadata.provider, 'email');
  assert.equal(ok(await admin.getUserById(user.id)).user.app_metadata.plan, 'coach');

  ok(await admin.deleteUser(user.id));
  assertAuthError((await admin.getUserById(user.id)).error, { status: 404, code: 'user_not_found', message: 'User not found' });
  assert.equal((await authClient(server).signInWithPassword({ email, password })).error?.code, 'invalid_credentials');
});

/** Bans a user through updateUserById and checks the answered `banned_until`. */
async function ban(userId) {
  const banned = ok(await admin.updateUserById(userId, { ban_duration: '24h' })).user;
  const until = Date.parse(banned.banned_until);
  assert.ok(Math.abs(until - (Date.now() + 24 * 3600 * 1000)) < 60_000, `banned_until ${banned.banned_until}`);
}

test('a user banned for 24h cannot sign in with the password', async () => {
  const { email, password, user } = await createConfirmed('flo');
  await ban(user.id);
  assertAuthError((await authClient(server).signInWithPassword({ email, password })).error, {
    status: 400,
    code: 'user_banned',
    message: 'User is banned',
  });
});

test('ban_duration none lifts a ban', async () => {
  const { email, password, user } = await createConfirmed('gus');
  await ban(user.id);
  const unbanned = ok(await admin.updateUserById(user.id, { ban_duration: 'none' })).user;
  assert.ok(!unbanned.banned_until || Date.parse(unbanned.banned_until) <= Date.now(), `banned_until ${unbanned.banned_until}`);
  ok(await authClient(server).signInWithPassword({ email, password }));
});

test('a user access token on the admin API is refused as not_admin', async () => {
  const { email, password } = await createConfirmed('eve');
  const { session } = ok(await authClient(server).signInWithPassword({ email, password }));
  const asUser = adminClient(server, session.access_token).admin;
  const expected = { status: 403, code: 'not_admin', message: 'User not allowed' };
  assertAuthError((await asUser.listUsers()).error, expected);
  assertAuthError((await asUser.getUserById(session.user.id)).error, expected);
  assertAuthError((await asUser.generateLink({ type: 'magiclink', email })).error, expected);
});

/** generateLink's properties, checked against each other and the server. */
function checkLink(properties, type) {
  assert.equal(properties.verification_type, type);
  assert.match(properties.email_otp, /^\d{6}$/);
  assert.ok(properties.hashed_token);
  const params = verifyLinkParams(server, properties.action_link);
  assert.equal(params.get('token'), properties.hashed_token);
  assert.equal(params.get('type'), type);
  assert.equal(params.get('redirect_to'), properties.redirect_to);
}

test('generateLink answers the link and code of each kind without mailing, and the code signs in', async () => {
  const existing = await createConfirmed('fay');
  const cases = [
    { type: 'magiclink', email: existing.email },
    { type: 'recovery', email: existing.email },
    { type: 'signup', email: uniqueEmail('gil'), password: 'link-made-password' },
    { type: 'invite', email: uniqueEmail('hal') },
  ];
  for (const { type, email, password } of cases) {
    const { properties, user } = ok(await admin.generateLink({ type, email, password }));
    checkLink(properties, type);
    assert.equal(user.email, email);
    if (type === 'signup' || type === 'invite') assert.equal(user.email_confirmed_at ?? null, null, type);
    const signedIn = ok(await authClient(server).verifyOtp({ email, token: properties.email_otp, type }));
    assert.equal(signedIn.user.id, user.id, type);
    assert.ok(signedIn.session.access_token, type);
    assert.ok(signedIn.user.email_confirmed_at, type);
  }
  ok(await authClient(server).signInWithPassword({ email: cases[2].email, password: cases[2].password }));
  for (const { email } of cases) assert.deepEqual(await mailsTo(server.baseURL, email), [], `no mail to ${email}`);

  // The link itself, as a browser follows it.
  const { properties } = ok(await admin.generateLink({ type: 'magiclink', email: existing.email }));
  const res = await fetch(properties.action_link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  assert.match(res.headers.get('location'), /#access_token=.+&type=magiclink$/);

  assertAuthError((await admin.generateLink({ type: 'recovery', email: uniqueEmail('ghost') })).error, {
    status: 404,
    code: 'user_not_found',
  });
});

test('inviteUserByEmail creates the account and mails an invite link that signs in', async () => {
  const email = uniqueEmail('ivy');
  const redirectTo = `${server.baseURL}/user-dashboard`;
  const { user } = ok(await admin.inviteUserByEmail(email, { data: { first_name: 'Ivy' }, redirectTo }));
  assert.equal(user.email, email);
  assert.equal(user.user_metadata.first_name, 'Ivy');
  assert.equal(user.email_confirmed_at ?? null, null);

  const mail = await latestMail(server.baseURL, email);
  assert.match(mail.text, CODE_LINE);
  const link = linkIn(mail);
  const params = verifyLinkParams(server, link);
  assert.equal(params.get('type'), 'invite');
  assert.equal(params.get('redirect_to'), redirectTo);
  const res = await fetch(link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const location = res.headers.get('location');
  assert.ok(location.startsWith(`${redirectTo}#access_token=`), location);
  assert.match(location, /&type=invite$/);
  const accessToken = new URLSearchParams(location.split('#')[1]).get('access_token');
  const signedIn = ok(await authClient(server).getUser(accessToken)).user;
  assert.equal(signedIn.id, user.id);
  assert.ok(signedIn.email_confirmed_at);

  assertAuthError((await admin.inviteUserByEmail(email)).error, { status: 422, code: 'email_exists' });
});
