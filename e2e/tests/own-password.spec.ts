import { serverNow } from '../support/dev-clock';
import { expect, signOut, submitLogin, test, toast } from '../support/fixtures';
import { firstLink, mailTo } from '../support/mailbox';
import { createUser } from '../support/users';

test('the generated password can be copied from the sign-up popup', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/auth/login?swaz_new_user_from_stripe=new%40example.com&generated_password=Gen-Pass-123');

  const dialog = page.getByRole('dialog', { name: 'Congratulations on signing up !' });
  await dialog.getByRole('button', { name: 'Copy password' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Gen-Pass-123');
});

test('signed in by the confirmation link, the member is asked to choose a password until they do', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // The phone's clock reads the server's (which other specs of the run move on).
  await page.clock.install({ time: await serverNow(request) });
  const member = createUser('Lee', { paid: true, confirmed: false });
  const mail = await mailTo(request, member.email, 'Confirm your SWAZ e-mail address');
  await page.goto(firstLink(mail, baseURL!));
  await expect(page).toHaveURL(/\/user-dashboard#?$/);

  const prompt = page.getByRole('dialog', { name: 'Choose your own password' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);

  // Not again in this visit.
  await page.goto('/daily-logs');
  await expect(page.getByRole('heading', { name: 'No logs yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No logs yet' })).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // The next visit asks again.
  await page.close();
  const again = await context.newPage();
  await again.goto('/user-dashboard');
  const asked = again.getByRole('dialog', { name: 'Choose your own password' });
  await expect(asked).toBeVisible();
  await asked.getByLabel('New password', { exact: true }).fill('short');
  await asked.getByLabel('Confirm new password', { exact: true }).fill('short');
  await asked.getByRole('button', { name: 'Save' }).click();
  await expect(asked.getByText('Use at least 8 characters.')).toBeVisible();

  const own = 'lee trains at dawn every day';
  await asked.getByLabel('New password', { exact: true }).fill(own);
  await asked.getByLabel('Confirm new password', { exact: true }).fill(own);
  await asked.getByRole('button', { name: 'Save' }).click();
  await expect(toast(again, 'Your password is saved.')).toBeVisible();
  await expect(asked).toHaveCount(0);

  // The password works, and nothing asks any more.
  await signOut(again);
  await again.goto('/auth/login');
  await submitLogin(again, member.email, own);
  await expect(again).toHaveURL(/\/user-dashboard$/);
  const third = await context.newPage();
  await third.goto('/user-dashboard');
  await expect(third.getByRole('heading', { level: 1 })).toBeVisible();
  await third.goto('/daily-logs');
  await expect(third.getByRole('heading', { name: 'No logs yet' })).toBeVisible();
  await expect(third.getByRole('dialog', { name: 'Choose your own password' })).toHaveCount(0);
});

test('a member who chose their password at sign-up is not asked after the confirmation link', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `e2e-own-${Date.now()}@example.com`;
  const signedUp = await request.post('/auth/v1/signup', {
    data: { email, password: 'my own team password', data: { first_name: 'Kim', own_password: true } },
  });
  expect(signedUp.ok()).toBe(true);
  const mail = await mailTo(request, email, 'Confirm your SWAZ e-mail address');
  await page.goto(firstLink(mail, baseURL!));
  await page.waitForFunction(() => localStorage.getItem('sb-swaz-auth-token') !== null);
  await page.goto('/daily-logs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Choose your own password' })).toHaveCount(0);
});
