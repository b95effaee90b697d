import { createECDH, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { accessToken, expect, signIn, test } from '../support/fixtures';

/**
 * Reminders as notifications (issue 28): turning them on in the browser, the device list, and a
 * reminder's whole way: the server's scheduler, the encrypted message at the device's push
 * service, the service worker's notification and its "Done" button recording the practice.
 */

const PHONE = { width: 375, height: 812 };

/** A browser subscription's keys, made here: the test plays the device and decrypts what it gets. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

test.describe('turning notifications on in the browser', () => {
  test('ends in "on" for this device, or in a message that says why it could not', async ({ page, context, user, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signIn(page, user);
    await page.goto('/account/notification-settings');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const section = page.getByTestId('push-devices');
    await expect(section.getByText('No device gets notifications yet.')).toBeVisible();

    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    const on = section.getByText('Notifications are on for this device.');
    const failed = section.getByRole('alert');
    // Headless Chromium here has no way to its push service: either ending is fine, silence is not.
    await expect(on.or(failed)).toBeVisible({ timeout: 30_000 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('turn-on-outcome.png') });
    if (await on.isVisible()) {
      const row = section.getByRole('listitem').filter({ hasText: 'this device' });
      await expect(row).toContainText(/Chrome on \w+/);
      await row.getByRole('button', { name: /^Remove / }).click();
      await expect(section.getByText('No device gets notifications yet.')).toBeVisible();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription())).toBeNull();
    } else {
      await expect(failed).toContainText('could not sign up for notifications');
      await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled();
    }
  });

  test('without permission says notifications are blocked or stay off', async ({ page, user }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, user);
    await page.goto('/account/notification-settings');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const section = page.getByTestId('push-devices');
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(section.getByRole('alert')).toContainText(/blocked for SWAZ in this browser|Notifications stay off/);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('turn-on-blocked.png') });
  });

  test('lists the devices, removes one, and passes axe at 375 px in light and dark', async ({ page, request, user }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, user);
    const token = await accessToken(page);
    for (const label of ['Chrome on Android', 'Safari on iPhone']) {
      const answer = await request.post('/_api/v1/push/subscriptions', {
        headers: { Authorization: `Bearer ${token}` },
        data: { endpoint: `https://push.example/${randomBytes(6).toString('hex')}`, keys: deviceKeys().json, label },
      });
      expect(answer.status()).toBe(201);
    }
    await page.goto('/account/notification-settings');
    const section = page.getByTestId('push-devices');
    const rows = section.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(/since \w+ \d+, \d{4}/);
    const turnOn = section.getByRole('button', { name: 'Turn on notifications on this device' });
    expect((await turnOn.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const remove of await section.getByRole('button', { name: /^Remove / }).all()) {
      const box = (await remove.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await page.screenshot({ path: test.info().outputPath(`notification-settings-${colorScheme}.png`), fullPage: true });
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
    }

    await section.getByRole('button', { name: 'Remove Safari on iPhone' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Chrome on Android');
    await page.reload();
    await expect(page.getByTestId('push-devices').getByRole('listitem')).toHaveCount(1);
  });
});
