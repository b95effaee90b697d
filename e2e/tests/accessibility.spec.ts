import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

/** Public pages, each with something that shows it has finished loading. */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (p) => expect(p.getByTestId('home')).toBeVisible() },
  { path: '/choose-a-plan', ready: (p) => expect(p.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible() },
  {
    path: '/inspiration',
    ready: (p) => expect(p.getByRole('list', { name: 'Athletes' }).getByRole('listitem')).toHaveCount(4),
  },
  {
    path: '/inspiration/stephen-curry',
    ready: (p) => expect(p.getByRole('heading', { name: 'Hypothetical Athletic Vision' })).toBeVisible(),
  },
  { path: '/contact', ready: (p) => expect(p.getByRole('button', { name: 'SUBMIT' })).toBeVisible() },
  { path: '/privacy-policy', ready: (p) => expect(p.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible() },
  { path: '/auth/login', ready: (p) => expect(p.getByRole('button', { name: 'Login', exact: true })).toBeVisible() },
];

async function seriousViolations(page: Page) {
  // Contrast is measured on the settled page, not halfway through a fade-in.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test.describe(`at ${width} px in ${colorScheme} mode`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme });

      for (const { path, ready } of PAGES) {
        test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
          await page.goto(path);
          await ready(page);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }

      test('/meditations (members) has no serious or critical accessibility violation', async ({ page, user }) => {
        await signIn(page, user);
        await page.goto('/meditations');
        await expect(page.getByRole('heading', { name: 'Meditations' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`at 375 px in ${colorScheme} mode`, () => {
    test.use({ viewport: { width: 375, height: 900 }, colorScheme });

    test('/check-in and the dashboard with a check-in have no serious or critical accessibility violation', async ({
      page,
    }) => {
      await signIn(page, createUser('Riley', { paid: true }));
      await page.goto('/check-in');
      await expect(page.getByRole('heading', { name: 'Morning check-in' })).toBeVisible();
      await page.getByRole('group', { name: 'Sleep' }).getByRole('radio', { name: '4' }).check();
      await page.getByRole('button', { name: 'Save check-in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      for (const name of ['Energy', 'Mood', 'Stress', 'Confidence']) {
        await page.getByRole('group', { name }).getByRole('radio', { name: '3' }).check();
      }
      await page.getByRole('button', { name: 'Save check-in' }).click();
      await expect(page.getByTestId('checkin-trends')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
