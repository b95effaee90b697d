import { createHmac } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, signOut, submitLogin, test, toast } from '../support/fixtures';
import { firstLink, latestMailTo } from '../support/mailbox';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 (HMAC-SHA1, 30-second steps, 6 digits) at `step`, as an authenticator app shows it. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The server's 30-second step now: its clock, which other specs move, not this machine's. */
async function currentStep(page: Page): Promise<number> {
  const answer = await page.request.get('/_dev/clock');
  expect(answer.ok()).toBe(true);
  const now = new Date(((await answer.json()) as { now: string }).now);
  return Math.floor(now.getTime() / 1000 / 30);
}

/** A code no step the server could accept right now (or a moment later) produces. */
async function wrongCode(page: Page, secret: string): Promise<string> {
  const step = await currentStep(page);
  const valid = new Set([-1, 0, 1, 2].map((d) => totp(secret, step + d)));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !valid.has(c))!;
}

function twoFactorSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Two-factor sign-in' });
}

/** Account → Change Password → Two-factor sign-in: turns it on with the first code; answers the key. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Change Password' }).click();
  const section = twoFactorSection(page);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  // The SVG really draws: a broken data: URI would leave an empty image.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await section.getByLabel('6-digit code').fill(totp(secret, await currentStep(page)));
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(section.getByTestId('two-factor-on')).toContainText('Two-factor sign-in is on.');
  await expect(section.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
  return secret;
}

test('a member turns on two-factor sign-in, logs in with a code, and turns it off again', async ({ page, user }) => {
  await signIn(page, user);
  const secret = await turnOnTwoFactor(page);
  await signOut(page);

  await page.goto('/auth/login');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  const code = page.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await wrongCode(page, secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('second-factor-error')).toHaveText(
    'That code did not match. Check your authenticator app and try again.',
  );

  // A member page while the code is still owed leads back to the code step, not into the app.
  await page.goto('/daily-logs');
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fdaily-logs$/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.goto('/auth/login');

  // The first code's step is spent; the next step's code is within the server's window.
  await page.getByLabel('6-digit code').fill(totp(secret, (await currentStep(page)) + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.firstName}` })).toBeVisible();

  await page.goto('/account/change-password');
  const section = twoFactorSection(page);
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await section.getByRole('button', { name: 'Yes, turn it off' }).click();
  await expect(toast(page, 'Two-factor sign-in is off')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();

  // The password alone signs in again.
  await signOut(page);
  await signIn(page, user);
});

test('a cancelled setup leaves it off, and a half-finished login can switch accounts', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account/change-password');
  const section = twoFactorSection(page);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await section.getByLabel('6-digit code').fill('12');
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByText('Enter the 6 digits your authenticator app shows.')).toBeVisible();
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  await expect(section.getByRole('img')).toHaveCount(0);

  await turnOnTwoFactor(page);
  await signOut(page);

  await page.goto('/auth/login?returnUrl=%2Faccount');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a different account' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sb-swaz-auth-token'))).toBeNull();
});

test('a forgotten password with two-factor sign-in on asks for the code before the new password', async ({
  page,
  request,
  baseURL,
  user,
}) => {
  await signIn(page, user);
  const secret = await turnOnTwoFactor(page);
  await signOut(page);

  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/auth\/password-reset-sent$/);
  await page.goto(firstLink(await latestMailTo(request, user.email), baseURL!));

  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(totp(secret, (await currentStep(page)) + 1));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  const newPassword = `${user.password}-new`;
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, 'Password change success')).toBeVisible();
  await expect(page).toHaveURL(/\/user-dashboard$/);
});
