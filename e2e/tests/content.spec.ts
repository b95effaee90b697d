import { expect, test, toast } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { latestMailTo } from '../support/mailbox';

/** HomeRoute's HOME_REVEAL_TIMEOUT_MS: how long a hanging step image may keep the page hidden. */
const HOME_REVEAL_TIMEOUT_MS = 3000;

/** Fake timers in the page's context, paused: no timer fires until the test runs the clock. */
async function stopTheClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/** The operator address of the e2e server: SWAZ_CONTACT_EMAIL's default. */
const OPERATOR = 'contact@swaz.local';

test.describe('home', () => {
  // The page's clock stands still (Playwright's fake timers, paused before the page loads), so
  // the reveal time-out fires only when a test runs the clock on: what shows the page before that
  // is the images, however slow the machine.
  test('stays hidden until its last step image has loaded', async ({ page }) => {
    await stopTheClock(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/step-live-call*.svg', async (route) => {
      await released;
      await route.continue();
    });
    // Not until 'load': an image held before the load event holds the load event too.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const home = page.getByTestId('home');
    await expect(home).toBeAttached();
    await expect(home).toHaveAttribute('aria-busy', 'true');
    // The other two images and the app are loaded; the held one keeps the page hidden.
    await expect(home).toBeHidden();
    await expect(page.getByRole('heading', { name: 'People say:' })).toBeHidden();

    release();
    await expect(home).toBeVisible();
    await expect(page.getByRole('heading', { name: 'People say:' })).toBeVisible();
  });

  test('shows itself anyway when an image fails or hangs', async ({ page }) => {
    await stopTheClock(page);
    await page.route('**/assets/step-vision*.svg', (route) => route.abort());
    await page.goto('/');
    // A failed image counts as settled: no time-out needed.
    await expect(page.getByTestId('home')).toBeVisible();

    // A page of the same context, so under the same stopped clock.
    const hung = await page.context().newPage();
    await hung.route('**/assets/step-daily-flow*.svg', () => {
      // Never answered: the time-out must reveal the page.
    });
    await hung.goto('/', { waitUntil: 'domcontentloaded' });
    const home = hung.getByTestId('home');
    await expect(home).toHaveAttribute('aria-busy', 'true');
    await expect(home).toBeHidden();
    await hung.clock.runFor(HOME_REVEAL_TIMEOUT_MS);
    await expect(home).toBeVisible();
    await hung.close();
  });

  test('without a testimonial video it shows the poster with quotes, not an empty frame', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('testimonial-poster')).toBeVisible();
    await expect(page.getByTestId('testimonial-video')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test.describe('contact', () => {
  test('a message is sent, confirmed and forwarded to the operator', async ({ page }) => {
    const subject = `Team plan ${Date.now()}`;
    // Held for a moment so 'sending...' can be seen.
    await page.route('**/_api/v1/contact/message', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await page.getByLabel('Name').fill('Riley Runner');
    await page.getByLabel('Email').fill('riley@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('How many athletes does a team plan cover?');
    await page.getByRole('button', { name: 'SUBMIT' }).click();

    await expect(toast(page, 'sending...')).toBeVisible();
    await expect(toast(page, 'Your message sent successfully')).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');

    const mail = await latestMailTo(page.request, OPERATOR);
    expect(mail.subject).toBe(`Contact form: ${subject}`);
    expect(mail.replyTo).toBe('riley@example.com');
    expect(mail.text).toContain('How many athletes does a team plan cover?');
  });

  test('empty fields are named, and the server refusing an address shows its reason', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();

    await page.getByLabel('Name').fill('Riley Runner');
    // Passes the form's simple pattern; the server knows an address has one @.
    await page.getByLabel('Email').fill('riley@home@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('Hi there');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(toast(page, 'Please enter a valid email address')).toBeVisible();
    // The form keeps what was typed, so it can be corrected.
    await expect(page.getByLabel('Message')).toHaveValue('Hi there');
  });
});

test.describe('inspiration', () => {
  test('the index leads to an athlete page with the hypothetical vision', async ({ page }) => {
    await page.goto('/inspiration');
    const athletes = page.getByRole('list', { name: 'Athletes' }).getByRole('listitem');
    await expect(athletes).toHaveCount(4);
    await page.getByRole('link', { name: 'Read Bethany Hamilton’s vision' }).click();

    await expect(page).toHaveURL(/\/inspiration\/bethany-hamilton$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bethany Hamilton' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hypothetical Athletic Vision' })).toBeVisible();
    await expect(page.getByText(/increasingly/).first()).toBeVisible();
    const picture = page.locator('img[src="/images/inspiration/surf.svg"]');
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a partial name finds the athlete, and an unknown one says so', async ({ page }) => {
    await page.goto('/inspiration/CURRY');
    await expect(page.getByRole('heading', { level: 1, name: 'Stephen Curry' })).toBeVisible();
    await page.goto('/inspiration/nobody-at-all');
    await expect(page.getByText('There is no inspiration athlete by that name.')).toBeVisible();
    await page.getByRole('link', { name: 'All inspiration athletes' }).click();
    await expect(page).toHaveURL(/\/inspiration$/);
  });
});
