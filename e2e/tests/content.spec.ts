import { expect, test, toast } from '../support/fixtures';
import { latestMailTo } from '../support/mailbox';

/** The operator address of the e2e server: SWAZ_CONTACT_EMAIL's default. */
const OPERATOR = 'contact@swaz.local';

test.describe('home', () => {
  test('stays hidden until its last step image has loaded', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/step-live-call*.svg', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    const home = page.getByTestId('home');
    await expect(home).toBeAttached();
    // The other two images and the app are loaded; the held one keeps the page hidden.
    await page.waitForTimeout(1000);
    await expect(home).toBeHidden();
    await expect(page.getByRole('heading', { name: 'People say:' })).toBeHidden();

    release();
    await expect(home).toBeVisible({ timeout: 2000 });
    await expect(page.getByRole('heading', { name: 'People say:' })).toBeVisible();
  });

  test('shows itself anyway when an image fails or hangs', async ({ page }) => {
    await page.route('**/assets/step-vision*.svg', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible({ timeout: 2000 });

    const hung = await page.context().newPage();
    await hung.route('**/assets/step-daily-flow*.svg', () => {
      // Never answered: the time-out must reveal the page.
    });
    await hung.goto('/');
    await expect(hung.getByTestId('home')).toBeVisible({ timeout: 6000 });
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
