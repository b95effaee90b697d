import { expect, test as base, type Page } from '@playwright/test';
import { createUser, type TestUser } from './users';

/** Every test gets its own confirmed user. */
export const test = base.extend<{ user: TestUser }>({
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(createUser());
  },
});

export { expect };

/** How far down the page is scrolled, in whole pixels. */
export const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Fills the login form on the current page and submits it. The form itself, not any Email box:
 * the address bar changes before the new screen replaces the old one, and the invite page
 * before the login has a sign-up form with its own Email and Password (CI typed the e-mail there).
 */
export async function submitLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in from /auth/login and waits for the dashboard. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/auth/login');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
}

/**
 * Signs out through the header and waits for the home page. A toast (top right, five seconds)
 * can lie over the Logout button: like a member, close it with a click first, rather than wait
 * for it to go (Playwright's click waited 6.4 s behind "Two-factor sign-in is off").
 */
export async function signOut(page: Page) {
  await closeToasts(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'MEMBER LOGIN' })).toBeVisible();
}

/**
 * Closes every toast showing, each with its close button (with a click on the toast itself where
 * it has none), and waits until they are gone. The button, not the toast's middle: a toast that
 * keeps a link does not close on a click, and the pointer left over it would pause its timer.
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  // The last first, so that the ones left keep their places; one that closes by itself meanwhile
  // is no longer there to click.
  for (let n = await toasts.count(); n > 0; n -= 1) {
    const toast = toasts.nth(n - 1);
    const close = toast.getByRole('button', { name: 'close', exact: true });
    await ((await close.count()) ? close : toast).click({ timeout: 1_000 }).catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
}

/** A react-toastify toast with this text. */
export function toast(page: Page, text: string) {
  return page.locator('.Toastify').getByText(text);
}

/** The signed-in page's access token, as the app stored it (for API calls that set up a test). */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = localStorage.getItem('sb-swaz-auth-token');
    return stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
  });
}
