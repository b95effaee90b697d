import type { Page } from '@playwright/test';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

const vision = Object.fromEntries(
  Array.from({ length: 9 }, (_, i) => [`q${i + 1}`, `Sam grows more and more confident, answer ${i + 1}.`]),
);

/** A fixed-offset zone where the local hour is `hour` right now (Etc/GMT signs are inverted). */
function zoneWhereItIs(hour: number): string {
  const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

async function memberWithVision(page: Page) {
  const member = createUser('Sam', { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: vision,
  });
  expect(saved.ok()).toBe(true);
  await page.reload();
}

async function fromDashboard(page: Page, link: string, url: RegExp, heading?: string | RegExp) {
  await page.goto('/user-dashboard');
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(url);
  if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, timezoneId: zoneWhereItIs(10) });

    test('a member reaches the vision, the bedtime routine, planning and the logs from the dashboard', async ({
      page,
    }) => {
      await memberWithVision(page);
      await expect(page.getByRole('heading', { name: 'Your Athletic Vision' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Write your Athletic Vision' })).toHaveCount(0);

      await fromDashboard(page, 'Play your vision', /\/athletic-vision$/);
      await fromDashboard(page, 'Read and revise', /\/athletic-vision-review$/);
      await fromDashboard(page, '4-7-8 breathing Not done yet', /\/sleep-well$/);
      await fromDashboard(page, 'Plan my day', /\/daily-action-welcome$/, /hope your day's been awesome/);
      await fromDashboard(page, 'Plan my week', /\/weekly-map-welcome$/);
      await fromDashboard(page, 'Daily logs', /\/daily-logs$/);
    });
  });
}

test.describe('in the evening', () => {
  test.use({ timezoneId: zoneWhereItIs(20) });

  test('the dashboard invites to tonight’s routine', async ({ page }) => {
    await memberWithVision(page);
    await expect(page.getByRole('heading', { name: 'Tonight: play your vision' })).toBeVisible();
    await page.getByRole('link', { name: "Start tonight's routine" }).click();
    await expect(page).toHaveURL(/\/athletic-vision$/);
  });
});
