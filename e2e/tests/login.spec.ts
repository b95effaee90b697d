import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, signIn, submitLogin, test, toast } from '../support/fixtures';
import type { Mail } from '../support/mailbox';
import { createUser } from '../support/users';

async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get('/_dev/mailbox');
  const mails = (await response.json()) as Mail[];
  return mails.filter((m) => [m.to].flat().some((to) => to.includes(email)));
}

/** The same browser profile after it was closed and opened again: session cookies are gone. */
async function reopened(browser: Browser, context: BrowserContext, baseURL: string): Promise<BrowserContext> {
  const state = await context.storageState();
  await context.close();
  return browser.newContext({
    baseURL,
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
}

test('a failed login keeps its reason next to the form', async ({ page, user }) => {
  await page.goto('/auth/login');
  await submitLogin(page, user.email, 'not-the-password');
  const error = page.getByTestId('login-error');
  await expect(error).toHaveText('Invalid login credentials');
  // Said once, in the box: no toast repeats it (counted at once, a toast would still be up).
  await page.waitForTimeout(300);
  expect(await page.getByText('Invalid login credentials').count()).toBe(1);
});

test('an unconfirmed e-mail is offered a new confirmation link', async ({ page, request }) => {
  const user = createUser('Casey', { confirmed: false });
  await expect.poll(async () => (await mailsTo(request, user.email)).length, { timeout: 15_000 }).toBe(1);

  await page.goto('/auth/login');
  await submitLogin(page, user.email, user.password);
  const error = page.getByTestId('login-error');
  await expect(error).toContainText('Email not confirmed');
  await error.getByRole('button', { name: 'Resend the confirmation e-mail' }).click();
  await expect(error).toContainText(`We sent a new confirmation link to ${user.email}.`);
  await expect.poll(async () => (await mailsTo(request, user.email)).length, { timeout: 15_000 }).toBe(2);
});

test('without Remember me the session ends with the browser; with it, it stays', async ({ browser, baseURL }) => {
  const user = createUser('Robin');

  let context = await browser.newContext({ baseURL });
  let page = await context.newPage();
  await signIn(page, user);
  context = await reopened(browser, context, baseURL!);
  page = await context.newPage();
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fuser-dashboard$/);

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  context = await reopened(browser, context, baseURL!);
  page = await context.newPage();
  await page.goto('/user-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.firstName}` })).toBeVisible();
  await context.close();
});

test('after signing in with the generated password the member is offered to choose their own', async ({ page }) => {
  const user = createUser('Gen');
  await page.goto(
    `/auth/login?swaz_new_user_from_stripe=${encodeURIComponent(user.email)}&generated_password=${encodeURIComponent(user.password)}`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/account\/change-password$/);
  const offer = page.getByTestId('own-password-offer');
  await expect(offer).toContainText('You signed in with the password we generated for you.');
  await expect(page.getByText('At least 8 characters.').first()).toBeVisible();

  const own = 'my own sentence to remember';
  await page.getByLabel('Password', { exact: true }).fill(own);
  await page.getByLabel('Confirm password', { exact: true }).fill(own);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Password change success')).toBeVisible();
  await expect(offer).toHaveCount(0);
});
