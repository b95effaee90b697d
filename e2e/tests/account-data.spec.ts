import { readFile } from 'node:fs/promises';
import { expect, signIn, submitLogin, test, toast } from '../support/fixtures';

test('the athlete downloads their data as JSON', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^swaz-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(data.profile.email).toBe(user.email);
  expect(data).toHaveProperty('notificationSettings.dailyReminder', false);
  expect(data).toHaveProperty('dailyActions');
});

test('deleting the account needs the typed confirmation and then the login is refused', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account');
  const button = page.getByRole('button', { name: 'Delete my account forever' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(button).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  // On a slow phone the sign-out used to render before the home page, still on /account, and the
  // guard sent the former member to the login (2 of 5 times with the CPU 12 times slower).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  await button.click();
  await expect(toast(page, 'Your account was deleted')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('link', { name: 'MEMBER LOGIN' })).toBeVisible();

  await page.goto('/auth/login');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByTestId('login-error')).toHaveText('Invalid login credentials');
  await expect(page).not.toHaveURL(/\/user-dashboard$/);
});
