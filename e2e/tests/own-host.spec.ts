import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

/** Every request the pages make, other than to the app's own origin. */
function foreignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  return foreign;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).not.toBeEmpty();
}

test('no page, public or member, asks any host but the app itself for anything', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const foreign = foreignRequests(page, origin);

  for (const path of ['/', '/choose-a-plan', '/inspiration', '/contact', '/privacy-policy', '/auth/login']) {
    await visit(page, path);
  }
  await signIn(page, createUser('Ava', { paid: true }));
  for (const path of ['/user-dashboard', '/athletic-vision-welcome', '/planning', '/daily-logs', '/meditations', '/account']) {
    await visit(page, path);
  }

  expect(foreign).toEqual([]);
});
