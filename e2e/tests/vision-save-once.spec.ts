import type { APIRequestContext, Page } from '@playwright/test';
import { advanceClock } from '../support/dev-clock';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

const answers = Object.fromEntries(
  Array.from({ length: 9 }, (_, index) => [`q${index + 1}`, `Sam answers question ${index + 1} in the third person.`]),
);

/** The saved vision's last change, as the server answers it. */
async function updatedAt(page: Page): Promise<string> {
  const response = await page.request.get('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { updatedAt: string }).updatedAt;
}

/** How many versions the server keeps of the member's vision. */
async function versionCount(page: Page): Promise<number> {
  const token = await accessToken(page);
  const response = await page.request.get('/_api/v1/userinput/athleticvision/versions', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { versions: unknown[] }).versions.length;
}

/** Set once a test moved the server's clock, which is shared by the whole run. */
let clockMoved = false;

/** A member with a saved vision, on the entry form with the three checks ticked. */
async function openEntryForm(page: Page) {
  const member = createUser('Sam', { paid: true });
  const grant = await page.request.post('/auth/v1/token?grant_type=password', {
    data: { email: member.email, password: member.password },
  });
  expect(grant.ok()).toBe(true);
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: answers,
  });
  expect(saved.ok()).toBe(true);
  // Edits within an hour refine the latest version: two hours on, a save keeps a new one.
  await advanceClock(page.request, 2 * 60 * 60);
  clockMoved = true;

  await signIn(page, member);
  await page.goto('/athletic-vision-edit');
  await expect(page.getByLabel('Perfect Day')).toHaveValue(answers.q9);
  await page.getByLabel('Perfect Day').fill('Sam sleeps eight hours and trains with joy.');
  await page.getByLabel('My Athletic Vision is written in the third person.').check();
  await page.getByLabel('My Athletic Vision is written in either the future or present tense.').check();
  await page.getByLabel(/uses improvement based adverbs/).check();
}

test.afterEach(async ({ request }) => {
  if (clockMoved) await advanceClock(request, -2 * 60 * 60);
  clockMoved = false;
});

test('a double click on the vision entry form saves it once', async ({ page }) => {
  await openEntryForm(page);
  const before = await versionCount(page);
  const keys: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/_api/v1/userinput/athleticvision')) {
      keys.push(request.headers()['idempotency-key'] ?? null);
    }
  });

  await page.getByRole('button', { name: 'SAVE' }).dblclick();

  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  await expect(page.getByText('Sam sleeps eight hours and trains with joy.', { exact: true })).toBeVisible();
  expect(await versionCount(page)).toBe(before + 1);
  // One request, with the draft's key.
  expect(keys).toHaveLength(1);
  expect(keys[0]).toBeTruthy();
});

test('saving the vision again after a lost answer stores it once', async ({ page }) => {
  await openEntryForm(page);
  const before = await versionCount(page);

  // The server saves the first request, but its answer never reaches the app.
  let firstSave: string | null = null;
  await page.route('**/_api/v1/userinput/athleticvision', async (route) => {
    if (route.request().method() !== 'POST' || firstSave) return route.fallback();
    const response = await route.fetch();
    firstSave = ((await response.json()) as { updatedAt: string }).updatedAt;
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect.poll(() => firstSave).not.toBeNull();
  await expect(page.getByRole('button', { name: 'SAVE' })).toBeEnabled();
  await expect(page).toHaveURL(/\/athletic-vision-edit$/);

  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  // The second save answered the first: nothing was written again.
  expect(await updatedAt(page)).toBe(firstSave);
  expect(await versionCount(page)).toBe(before + 1);
});
