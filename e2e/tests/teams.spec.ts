import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { closeToasts, expect, signIn, submitLogin, test, toast } from '../support/fixtures';
import { firstLink, latestMailTo, type Mail } from '../support/mailbox';
import { createUser, type TestUser } from '../support/users';

// The coach's page reads the copied invite link back from the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Fills the test-mode checkout's card fields (DESIGN §3 test cards). */
async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('CVC').fill('123');
}

/** A fresh coach buys the monthly Team plan through the test-mode checkout; their team is "{first name}'s Team". */
async function coachWithTeam(page: Page): Promise<TestUser> {
  const coach = createUser('Casey');
  await signIn(page, coach);
  await page.goto('/choose-a-plan');
  await page.getByRole('button', { name: 'Start Team' }).click();
  await expect(page).toHaveURL(/\/_checkout\/[^/]+$/);
  // A member's checkout is for their account's address.
  await expect(page.getByLabel('E-mail')).toHaveValue(coach.email);
  await page.getByLabel('Name on card').fill('Casey Coach');
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay $199' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/, { timeout: 30_000 });
  return coach;
}

/** Account → Team, through the account navigation (closing a toast that lies over the header's link). */
async function openTeamScreen(page: Page) {
  await closeToasts(page);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/account\/team-config$/);
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
}

/** The coach clicks Invite members: the link is copied and shown. Answers the link's path. */
async function inviteMembers(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Invite members' }).click();
  await expect(page.getByRole('button', { name: '✓ Invite Link Copied' })).toBeVisible();
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/teams\/invite\/[^/]+$/);
  return new URL(link).pathname;
}

function memberCard(page: Page, name: string) {
  return page.getByTestId('team-member').filter({ hasText: name });
}

/** A signed-out browser of its own, for a second person. */
async function otherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** The newest mail to `email` once it has this subject (an earlier mail may still be the newest). */
async function mailWithSubject(request: APIRequestContext, email: string, subject: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        mail = await latestMailTo(request, email);
        return mail.subject;
      },
      { timeout: 20_000 },
    )
    .toBe(subject);
  return mail!;
}

test('a coach invites a new athlete who signs up, confirms, joins; the coach renames the team and removes the athlete', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await coachWithTeam(page);
  await openTeamScreen(page);

  // The coach is the team's admin and only member.
  await expect(page.getByLabel('Team name')).toHaveValue("Casey's Team");
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByTestId('team-seats')).toHaveText('Athlete seats: 0 of 25 used');
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  const coachCard = memberCard(page, 'Casey');
  await expect(coachCard).toContainText('(me)');
  await expect(coachCard.getByText('Admin', { exact: true })).toBeVisible();
  await expect(coachCard.getByRole('button')).toHaveCount(0); // no Leave for the admin, no Remove for self

  // Invite members: an overlay while the link is made, then the link is copied and shown.
  await page.route('**/_api/v1/team/invitelink', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Invite members' }).click();
  await expect(page.getByText('Generating invite link...')).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });
  const copied = page.getByRole('button', { name: '✓ Invite Link Copied' });
  await expect(copied).toBeVisible();
  await expect(copied).toHaveClass(/btn-success/);
  await expect(page.getByText('Generating invite link...')).toHaveCount(0);
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/teams/invite/[A-Za-z0-9_-]{20,}$`));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The confirmation resets after 2 seconds.
  await expect(page.getByRole('button', { name: 'Invite members' })).toBeVisible({ timeout: 4_000 });
  const invitePath = new URL(link).pathname;

  // A new athlete opens the link in a browser of their own.
  const athlete = await otherBrowser(browser, baseURL);
  await athlete.goto(invitePath);
  await expect(athlete.getByRole('heading', { name: "Casey invites you to join Casey's Team" })).toBeVisible();
  await expect(athlete.getByTestId('seats-left')).toHaveText('25 seats left');
  await expect(athlete.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute(
    'href',
    `/auth/login?returnUrl=${encodeURIComponent(invitePath)}`,
  );
  await athlete.screenshot({ path: '/tmp/team-invite.png', fullPage: true });

  // The register form: every field, then matching passwords (SPEC §5 texts).
  await athlete.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(athlete, 'Please fill all the fields')).toBeVisible();
  const email = `e2e-athlete-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Pw-${randomBytes(5).toString('hex')}-Strong1!`;
  await athlete.getByLabel('Name', { exact: true }).fill('Riley Stone');
  await athlete.getByLabel('Email', { exact: true }).fill(email);
  await athlete.getByLabel('Password', { exact: true }).fill(password);
  await athlete.getByLabel('Confirm password', { exact: true }).fill(`${password}-typo`);
  await athlete.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(athlete, "Passwords doesn't match")).toBeVisible();
  await athlete.getByLabel('Confirm password', { exact: true }).fill(password);
  await athlete.getByRole('button', { name: 'Create account' }).click();
  await expect(athlete.getByText(`Check your e-mail: we sent a confirmation link to ${email}.`)).toBeVisible();

  // The confirmation link lands back on the invite page, signed in.
  const confirmation = await latestMailTo(request, email);
  const confirmLink = firstLink(confirmation, baseURL!);
  expect(new URL(confirmLink).searchParams.get('redirect_to')).toBe(`${baseURL}${invitePath}`);
  await athlete.goto(confirmLink);
  await expect(athlete).toHaveURL(new RegExp(`${invitePath}#?$`));
  await expect(athlete.getByText(`Signed in as ${email}.`)).toBeVisible();
  await expect(athlete.getByRole('button', { name: 'Logout' })).toBeVisible();
  await athlete.getByRole('button', { name: "Join Casey's Team" }).click();
  await expect(athlete).toHaveURL(/\/user-dashboard$/);
  await expect(toast(athlete, "Welcome to Casey's Team!")).toBeVisible();
  // Paid through the team: no renew prompt (on the dashboard: the invite page never shows one).
  await expect(athlete.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(athlete.getByTestId('renew-prompt')).toHaveCount(0);

  // The athlete's team screen: read-only name, '(me)', Leave, no Remove, no invite.
  await openTeamScreen(athlete);
  await expect(athlete.getByLabel('Team name')).toHaveValue("Casey's Team");
  await expect(athlete.getByLabel('Team name')).toHaveAttribute('readonly', '');
  await expect(athlete.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(athlete.getByRole('button', { name: 'Invite members' })).toHaveCount(0);
  await expect(athlete.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  const athleteOwnCard = memberCard(athlete, 'Riley Stone');
  await expect(athleteOwnCard).toContainText('(me)');
  await expect(athleteOwnCard.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await expect(memberCard(athlete, 'Casey').getByRole('button')).toHaveCount(0);

  // The coach reloads and sees the athlete, without a badge (members get none).
  await page.reload();
  await expect(page.getByTestId('team-member')).toHaveCount(2);
  await expect(page.getByTestId('team-seats')).toHaveText('Athlete seats: 1 of 25 used');
  const athleteCard = memberCard(page, 'Riley Stone');
  await expect(athleteCard).not.toContainText('(me)');
  await expect(athleteCard.locator('.badge')).toHaveCount(0);
  await expect(athleteCard.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.screenshot({ path: '/tmp/team-config.png', fullPage: true });

  // Co-admin: the coach asks, the athlete sees the notice and declines.
  await athleteCard.getByRole('button', { name: 'Make co-admin' }).click();
  await expect(athleteCard.getByText('Pending Admin', { exact: true })).toBeVisible();
  await expect(athleteCard.getByRole('button', { name: 'Make co-admin' })).toHaveCount(0);
  await athlete.reload();
  const notice = athlete.getByTestId('promotion-notice');
  await expect(notice).toContainText("Your team admin asked you to become a co-admin of Casey's Team.");
  await expect(memberCard(athlete, 'Riley Stone').getByText('Pending Admin', { exact: true })).toBeVisible();
  await notice.getByRole('button', { name: 'Decline' }).click();
  await expect(notice).toHaveCount(0);
  await expect(memberCard(athlete, 'Riley Stone').locator('.badge')).toHaveCount(0);

  // Rename: Save needs a changed name of at least 3 characters.
  const name = page.getByLabel('Team name');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await name.fill('  ab ');
  await expect(save).toBeDisabled();
  await name.fill(" Casey's Team ");
  await expect(save).toBeDisabled();
  // At the server's limit of 60 the field says so rather than cutting the name without a word.
  await name.fill('Falcons Track and Field Club of the Greater Northern Valley Region');
  await expect(page.getByText('Keep the team name to 60 characters or fewer.')).toBeVisible();
  await name.fill('Falcons Track Club');
  await expect(page.getByText('Keep the team name to 60 characters or fewer.')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, 'Team name saved')).toBeVisible();
  await expect(name).toHaveValue('Falcons Track Club');
  await expect(save).toBeDisabled();
  await athlete.reload();
  await expect(athlete.getByLabel('Team name')).toHaveValue('Falcons Track Club');

  // The coach opening their own link is told why they cannot join.
  await page.goto(invitePath);
  await page.getByRole('button', { name: 'Join Falcons Track Club' }).click();
  await expect(page.getByTestId('join-refused')).toContainText('You are already a member of Falcons Track Club.');

  // Remove the athlete, with a reason that is e-mailed to them.
  await page.goto('/account/team-config');
  await memberCard(page, 'Riley Stone').getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Riley Stone?' });
  await expect(dialog).toContainText('We e-mail them your reason.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  const reason = 'You moved up to the varsity squad, congratulations!';
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Riley Stone was removed from the team')).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expect(page.getByTestId('team-seats')).toHaveText('Athlete seats: 0 of 25 used');

  const removal = await mailWithSubject(request, email, 'You are no longer a member of Falcons Track Club');
  expect(removal.text).toContain(`Their reason: ${reason}`);

  await athlete.reload();
  await expect(athlete.getByText('No Team Found')).toBeVisible();
  await expect(athlete.getByTestId('renew-prompt')).toBeVisible();
  await athlete.context().close();
});

test('an athlete with an account logs in from the invite, joins, then leaves and is signed out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await coachWithTeam(page);
  await openTeamScreen(page);
  const invitePath = await inviteMembers(page);

  const sam = createUser('Sam');
  const athlete = await otherBrowser(browser, baseURL);
  await athlete.goto(invitePath);
  await athlete.getByRole('link', { name: 'Already have an account? Log in' }).click();
  await expect(athlete).toHaveURL(/\/auth\/login\?returnUrl=/);
  await submitLogin(athlete, sam.email, sam.password);
  await expect(athlete).toHaveURL(new RegExp(`${invitePath}$`));
  await expect(athlete.getByRole('button', { name: "Join Casey's Team" })).toBeVisible();
  await athlete.getByRole('button', { name: "Join Casey's Team" }).click();
  await expect(athlete).toHaveURL(/\/user-dashboard$/);

  await openTeamScreen(athlete);
  await memberCard(athlete, 'Sam').getByRole('button', { name: 'Leave team' }).click();
  const dialog = athlete.getByRole('dialog', { name: "Leave Casey's Team?" });
  await expect(dialog).toContainText('This will end your access to premium features');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await memberCard(athlete, 'Sam').getByRole('button', { name: 'Leave team' }).click();
  await athlete.getByRole('dialog').getByRole('button', { name: 'Leave team' }).click();

  // Signed out, on the home page.
  await expect(athlete).toHaveURL(/\/$/);
  await expect(athlete.getByRole('link', { name: 'MEMBER LOGIN' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expect(page.getByTestId('team-seats')).toHaveText('Athlete seats: 0 of 25 used');

  // Signing in again: no team, no premium access.
  await signIn(athlete, sam);
  await expect(athlete.getByTestId('renew-prompt')).toBeVisible();
  await athlete.goto('/account/team-config');
  await expect(athlete.getByText('No Team Found')).toBeVisible();

  // Where the clipboard refuses, the link comes in an alert (SPEC §8).
  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  // Accepted from the listener: the alert blocks the page, and so the click, until then.
  const alerts: string[] = [];
  page.once('dialog', (alert) => {
    alerts.push(alert.message());
    void alert.accept();
  });
  await page.getByRole('button', { name: 'Invite members' }).click();
  await expect.poll(() => alerts.length).toBe(1);
  const revokedLink = await page.getByLabel('Invite link').inputValue();
  expect(alerts[0]).toBe(`Team invite link: ${revokedLink}`);
  await expect(page.getByRole('button', { name: 'Invite members' })).toBeVisible();
  const revokedPath = new URL(revokedLink).pathname;
  expect(revokedPath).not.toBe(invitePath);

  // A revoked link stops working at once.
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await expect(toast(page, 'Invite link revoked')).toBeVisible();
  await expect(page.getByLabel('Invite link')).toHaveCount(0);
  await athlete.goto(revokedPath);
  await expect(athlete.getByRole('heading', { name: 'This invite link is no longer valid' })).toBeVisible();
  await athlete.context().close();
});

test('without an active team subscription the coach cannot invite, and says why', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const coach = await coachWithTeam(page);
  // Cancelled at period end: still active, so inviting still works.
  await page.goto('/account/cancel-membership');
  await page.getByLabel('Why are you cancelling?').selectOption('Season is over');
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page).toHaveURL(/\/account\/membership$/);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('button', { name: 'Invite members' })).toBeEnabled();

  // Past the period's end the team's subscription is over. The clock is shared with the
  // other specs: it goes back however this test ends.
  const DAYS_40 = 40 * 86_400;
  const moved = await request.post('/_dev/clock', { data: { advanceSeconds: DAYS_40 } });
  expect(moved.ok()).toBe(true);
  try {
    // Sessions issued before the move have expired on the server: a fresh browser signs in.
    const later = await otherBrowser(browser, baseURL);
    await signIn(later, coach);
    await openTeamScreen(later);
    const invite = later.getByRole('button', { name: 'Invite members' });
    await expect(invite).toBeDisabled();
    await later.getByTestId('invite-members-disabled').hover();
    await expect(later.getByRole('tooltip')).toHaveText('Subscription required to invite members');
    await later.context().close();
  } finally {
    await request.post('/_dev/clock', { data: { advanceSeconds: -DAYS_40 } });
  }
});

test('a solo member has no team', async ({ page }) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);
  await openTeamScreen(page);
  await expect(page.getByRole('heading', { name: 'No Team Found' })).toBeVisible();
  await expect(page.getByText("You don't appear to be part of a team.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite members' })).toHaveCount(0);
});

test('an unknown invite link says it is no longer valid and leads home', async ({ page }) => {
  await page.goto('/teams/invite/not-a-real-invite-link');
  await expect(page.getByRole('heading', { name: 'This invite link is no longer valid' })).toBeVisible();
  await expect(page.getByText('Ask your team admin for a new link.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the current invite link stays on the team screen, to copy and share again, until it is replaced', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await coachWithTeam(page);
  await page.goto('/account/team-config');
  await expect(page.getByLabel('Invite link')).toHaveCount(0);
  const path = await inviteMembers(page);

  // Another day: the same link is there, and Copy copies it.
  await page.reload();
  const field = page.getByLabel('Invite link');
  await expect(field).toHaveValue(new RegExp(`${path}$`));
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: '✓ Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
  await expect(page.getByText(/Invite members makes a new link, and this one stops working/)).toBeVisible();

  // Replaced: the new one is shown from then on.
  const replaced = await inviteMembers(page);
  expect(replaced).not.toBe(path);
  await page.reload();
  await expect(page.getByLabel('Invite link')).toHaveValue(new RegExp(`${replaced}$`));
});
