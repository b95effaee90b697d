import { expect, signIn, signOut, submitLogin, test, toast } from '../support/fixtures';
import { firstLink, latestMailTo } from '../support/mailbox';

test('a protected page sends the visitor to login and back after signing in', async ({ page, user }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await submitLogin(page, user.email, user.password);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
});

test('a wrong password shows the identity service message', async ({ page, user }) => {
  await page.goto('/auth/login');
  await submitLogin(page, user.email, 'not-the-password');

  await expect(page.getByTestId('login-error')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('empty login fields are refused before any call', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Please fill in the fields');
  // Said once, in the box (counted at once, a toast would still be up).
  await page.waitForTimeout(300);
  expect(await page.getByText('Please fill in the fields').count()).toBe(1);
});

test('a forgotten password is reset through the e-mailed link', async ({ page, user, request, baseURL }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();

  await expect(toast(page, 'Reset password request successful. Check your email to confirm')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/password-reset-sent$/);
  await expect(page.getByText('Check email (and spam) for password reset email')).toBeVisible();

  const mail = await latestMailTo(request, user.email);
  await page.goto(firstLink(mail, baseURL!));

  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  const newPassword = `${user.password}-new`;
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(toast(page, 'Password change success')).toBeVisible();
  await expect(page).toHaveURL(/\/user-dashboard$/);

  await signOut(page);
  await signIn(page, { email: user.email, password: newPassword });
});

test('a used reset link says it has expired and offers a new one', async ({ page, user, request, baseURL }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/auth\/password-reset-sent$/);
  const link = firstLink(await latestMailTo(request, user.email), baseURL!);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  // A fresh browser: the first use's session is gone.
  await page.evaluate(() => localStorage.clear());

  // The second use of the same link.
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});

test('logout ends the session', async ({ page, user }) => {
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.firstName}` })).toBeVisible();

  await signOut(page);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Faccount$/);
});

test('a signed-in visitor on the login page goes to the dashboard', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/user-dashboard$/);
});
