import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';
import { createUser } from '../support/users';
import { underServiceWorker } from '../support/service-worker';

/** The vision in the athlete's own voice (issue 28, part 3), with Chromium's fake microphone. */

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      // A microphone that plays a beep, and no permission prompt.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // The test plays the recording without a tap on the player.
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
  permissions: ['microphone'],
});

const RECORDING = '/_api/v1/userinput/athleticvision/recording';

/**
 * The screen with `part` scrolled to its top, to SHOTS_DIR when it is set (to look at), else
 * beside the test's output.
 */
async function shot(page: Page, part: Locator, name: string) {
  await part.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const dir = process.env.SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: dir ? join(dir, `${name}.png`) : test.info().outputPath(`${name}.png`) });
}

/** A paid member with a saved vision, signed in; answers the access token. */
async function memberWithVision(page: Page, firstName: string): Promise<string> {
  const member = createUser(firstName, { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  const answers = Object.fromEntries(
    Array.from({ length: 9 }, (_, index) => [
      `q${index + 1}`,
      `${firstName} answer ${index + 1}: more and more calm, focused and strong on the court every single day.`,
    ]),
  );
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: answers,
  });
  expect(saved.ok()).toBe(true);
  return token;
}

/** The device's voices as the page sees them: none, or one stand-in voice. */
function fakeVoices(voices: 'none' | 'one') {
  const list =
    voices === 'none'
      ? []
      : [{ voiceURI: 'test-voice', name: 'Test voice', lang: 'en-US', default: true, localService: true }];
  return `speechSynthesis.getVoices = () => ${JSON.stringify(list)};`;
}

/** Runs in the page: keeps every microphone stream the app opens, to see it let go of. */
function keepMicrophoneStreams() {
  const streams: MediaStream[] = [];
  (window as unknown as { __streams: MediaStream[] }).__streams = streams;
  const getUserMedia = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
    const stream = await getUserMedia.call(this, constraints);
    streams.push(stream);
    return stream;
  };
}

/** The state of every microphone track the page opened. */
function microphoneTracks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((stream) =>
      stream.getAudioTracks().map((track) => track.readyState),
    ),
  );
}

async function recordFor(page: Page, milliseconds: number) {
  const section = page.getByTestId('record-voice');
  await section.getByRole('button', { name: /^(Start recording|Record again)$/ }).click();
  const teleprompter = page.getByTestId('teleprompter');
  await expect(teleprompter).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/Recording 0:0\d/);
  await page.waitForTimeout(milliseconds);
  return teleprompter;
}

/** Waits until the <audio> knows a finite duration above zero, and answers it. */
async function knownDuration(audio: Locator): Promise<number> {
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => (Number.isFinite(element.duration) ? element.duration : 0)), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  return audio.evaluate((element: HTMLAudioElement) => element.duration);
}

/** Plays the <audio> and checks that its time moves on. */
async function playsThrough(audio: Locator) {
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
}

async function storedRecording(request: APIRequestContext, token: string, range?: string) {
  return request.get(RECORDING, { headers: { Authorization: `Bearer ${token}`, ...(range ? { Range: range } : {}) } });
}

test('the athlete records the vision from the teleprompter, hears it back, saves it, plays it at bedtime and deletes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(fakeVoices('one'));
  await page.addInitScript(keepMicrophoneStreams);
  const token = await memberWithVision(page, 'Avery');
  await page.goto('/athletic-vision');
  await expect(page.getByRole('heading', { name: "Avery's Winning Formula" })).toBeVisible();
  // No recording yet: the device's voice reads the vision.
  await expect(page.getByRole('heading', { name: 'Read it to me' })).toBeVisible();
  await expect(page.getByTestId('recording-player')).toHaveCount(0);

  const teleprompter = await recordFor(page, 2500);
  await expect(teleprompter).toContainText('Avery answer 1');
  const fontSize = await teleprompter.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(22);
  // The microphone is in use while recording, and let go of once stopped.
  expect(await microphoneTracks(page)).toEqual(['live']);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect.poll(() => microphoneTracks(page)).toEqual(['ended']);

  const review = page.getByTestId('recording-review');
  await expect(review).toBeVisible();
  const heard = review.locator('audio');
  expect(await knownDuration(heard)).toBeGreaterThan(1.5);
  await review.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. Your recording plays at bedtime.' })).toBeVisible();

  // The server keeps it as WebM, whole and in parts.
  const whole = await storedRecording(page.request, token);
  expect(whole.status()).toBe(200);
  expect(whole.headers()['content-type']).toMatch(/^audio\/webm/);
  expect((await whole.body()).length).toBeGreaterThan(4000);
  const part = await storedRecording(page.request, token, 'bytes=0-99');
  expect(part.status()).toBe(206);
  expect((await part.body()).length).toBe(100);

  // At bedtime the recording plays instead of the device's voice, seekable.
  await page.reload();
  const player = page.getByTestId('recording-player');
  await expect(player).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Read it to me' })).toHaveCount(0);
  const audio = player.locator('audio');
  const duration = await knownDuration(audio);
  expect(duration).toBeGreaterThan(1.5);
  expect(duration).toBeLessThan(10);
  await playsThrough(audio);
  const seekable = await audio.evaluate((element: HTMLAudioElement) =>
    element.seekable.length > 0 ? element.seekable.end(0) : 0,
  );
  expect(seekable).toBeGreaterThan(1.5);
  await audio.evaluate((element: HTMLAudioElement) => element.pause());

  // The device's voice is still there on request, and the recording comes back.
  await player.getByRole('button', { name: 'Use the device’s voice instead' }).click();
  await expect(page.getByRole('heading', { name: 'Read it to me' })).toBeVisible();
  await page.getByRole('button', { name: 'Play my recording' }).click();
  await expect(player).toBeVisible();

  // Deleting asks first, then the device's voice is back.
  const section = page.getByTestId('record-voice');
  await section.getByRole('button', { name: 'Delete recording' }).click();
  await expect(section).toContainText('Delete your recording?');
  await section.getByRole('button', { name: 'Keep it' }).click();
  await expect(player).toBeVisible();
  await section.getByRole('button', { name: 'Delete recording' }).click();
  await section.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(section.getByRole('status')).toHaveText('Recording deleted.');
  await expect(page.getByTestId('recording-player')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Read it to me' })).toBeVisible();
  expect((await storedRecording(page.request, token)).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Read it to me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
});

test('a device without a voice says so and offers to record the vision instead', async ({ page }) => {
  await page.addInitScript(fakeVoices('none'));
  await memberWithVision(page, 'Quinn');
  await page.goto('/athletic-vision');
  const message = page.getByTestId('no-voice');
  await expect(message).toContainText('This device has no voice to read your vision aloud.');
  await message.getByRole('button', { name: 'Record it in my own voice' }).click();
  await expect(page.getByRole('heading', { name: 'Record in my own voice' })).toBeFocused();
  // A moment of sound: a recording stopped before the recorder's first chunk holds nothing.
  await recordFor(page, 1200);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByTestId('recording-review')).toBeVisible();
});

test('a refused microphone is explained', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await memberWithVision(page, 'Rowan');
  await page.goto('/athletic-vision');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('record-voice').getByRole('alert')).toContainText('SWAZ may not use the microphone.');
});

test('a browser that cannot record says so instead of offering to', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
  });
  await memberWithVision(page, 'Kai');
  await page.goto('/athletic-vision');
  const section = page.getByTestId('record-voice');
  await expect(section.getByRole('alert')).toContainText('This browser cannot record audio.');
  await expect(section.getByRole('button', { name: 'Start recording' })).toHaveCount(0);
});

test('a device that can neither read aloud nor record says so, without offering to record', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
  });
  await page.addInitScript(fakeVoices('none'));
  await memberWithVision(page, 'Lee');
  await page.goto('/athletic-vision');
  const message = page.getByTestId('no-voice');
  await expect(message).toContainText('nor can this browser record it');
  await expect(message.getByRole('button')).toHaveCount(0);
});

test('a recording the server finds too long, or that cannot be sent, says so and can be saved again', async ({ page }) => {
  await memberWithVision(page, 'Sasha');
  await page.goto('/athletic-vision');
  await recordFor(page, 1200);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const review = page.getByTestId('recording-review');

  await page.route(`**${RECORDING}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ code: 'payload_too_large', message: 'too large' }) })
      : route.fallback(),
  );
  await review.getByRole('button', { name: 'Save recording' }).click();
  await expect(review.getByRole('alert')).toContainText('too long to save');

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(`**${RECORDING}`, (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback()));
  await review.getByRole('button', { name: 'Save recording' }).click();
  await expect(review.getByRole('alert')).toContainText('check your connection');

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await review.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
});

/** Runs in the page: notes each noise source the background sound starts and stops, and each closed AudioContext. */
function recordBackgroundSound() {
  const log = { sources: [] as { loop: boolean; stops: number }[], closed: 0 };
  (window as unknown as { __sound: typeof log }).__sound = log;
  const entries = new WeakMap<AudioBufferSourceNode, { loop: boolean; stops: number }>();
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<typeof start>) {
    const entry = { loop: this.loop, stops: 0 };
    entries.set(this, entry);
    log.sources.push(entry);
    return start.apply(this, args);
  };
  const stop = AudioScheduledSourceNode.prototype.stop;
  AudioScheduledSourceNode.prototype.stop = function (this: AudioScheduledSourceNode, when?: number) {
    const entry = entries.get(this as AudioBufferSourceNode);
    if (entry) entry.stops += 1;
    return stop.call(this, when);
  };
  const close = AudioContext.prototype.close;
  AudioContext.prototype.close = function (this: AudioContext) {
    log.closed += 1;
    return close.call(this);
  };
}

function soundLog(page: Page) {
  return page.evaluate(() => {
    const log = (window as unknown as { __sound: { sources: { loop: boolean; stops: number }[]; closed: number } }).__sound;
    return { sources: log.sources.map((entry) => ({ ...entry })), closed: log.closed };
  });
}

test('the recording shows on the lock screen, rain plays under it, and the sleep timer fades both out and stops them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(fakeVoices('one'));
  await page.addInitScript(recordBackgroundSound);
  await memberWithVision(page, 'Wren');
  await page.goto('/athletic-vision');
  await recordFor(page, 1500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await page.clock.install();

  const audio = page.getByTestId('recording-player').locator('audio');
  await knownDuration(audio);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect
    .poll(() =>
      page.evaluate(() => {
        const metadata = navigator.mediaSession.metadata;
        return metadata && { title: metadata.title, artist: metadata.artist, artwork: metadata.artwork.map((a) => a.src) };
      }),
    )
    .toEqual({ title: 'My Athletic Vision', artist: 'SWAZ', artwork: [expect.stringMatching(/\/icons\/icon-512\.png$/)] });

  // Off by default; rain is noise looped on the AudioContext.
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
  expect((await soundLog(page)).sources).toEqual([]);
  await page.locator('label[for="vision-sound-rain"]').click();
  await expect.poll(async () => (await soundLog(page)).sources).toEqual([{ loop: true, stops: 0 }]);
  await page.locator('label[for="vision-sound-waves"]').click();
  await expect.poll(async () => (await soundLog(page)).sources).toEqual([
    { loop: true, stops: 1 },
    { loop: true, stops: 0 },
  ]);

  await page.getByLabel('Sleep timer').selectOption('5');
  const remaining = page.getByTestId('sleep-remaining');
  await expect(remaining).toHaveText('Fades out and stops in 5:00');
  await page.clock.runFor(4 * 60_000 + 30_000);
  await expect(remaining).toHaveText('Fades out and stops in 0:30');
  expect(await audio.evaluate((element: HTMLAudioElement) => element.volume)).toBeGreaterThan(0.99);
  // Halfway through the last 30 s, half the volume.
  await page.clock.runFor(15_000);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.volume)).toBeLessThan(0.55);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.volume)).toBeGreaterThan(0.4);

  await page.clock.runFor(16_000);
  await expect(remaining).toHaveCount(0);
  await expect(page.getByLabel('Sleep timer')).toHaveValue('0');
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
  expect((await soundLog(page)).sources.map((entry) => entry.stops)).toEqual([1, 1]);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);

  // Recording again silences what plays, so it is not recorded too.
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await page.locator('label[for="vision-sound-rain"]').click();
  await expect(page.getByRole('radio', { name: 'Rain' })).toBeChecked();
  await page.getByTestId('record-voice').getByRole('button', { name: 'Record again' }).click();
  await expect(page.getByTestId('teleprompter')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByTestId('recording-review')).toBeVisible();

  // Leaving the page closes the AudioContext.
  await page.getByRole('link', { name: 'Good night' }).click();
  await expect(page).toHaveURL(/\/sleep-well$/);
  await page.clock.runFor(1500);
  await expect.poll(async () => (await soundLog(page)).closed).toBe(1);
});


test('once played online, the recording plays in airplane mode', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.addInitScript(fakeVoices('one'));
  await memberWithVision(page, 'Tao');
  await underServiceWorker(page);
  await page.goto('/athletic-vision');
  await recordFor(page, 2000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // The page put what it saved in the offline copy; without it, playing online once through the
  // service worker keeps one too.
  const copies = () =>
    page.evaluate(async () => (await (await caches.open('swaz-recording')).keys()).map((request) => new URL(request.url).pathname));
  expect(await copies()).toEqual(['/_api/v1/userinput/athleticvision/recording']);
  await page.evaluate(() => caches.delete('swaz-recording'));
  await page.reload();
  await knownDuration(page.getByTestId('recording-player').locator('audio'));
  await expect.poll(copies).toEqual(['/_api/v1/userinput/athleticvision/recording']);

  await context.setOffline(true);
  await page.goto('/athletic-vision');
  await expect(page.getByRole('heading', { name: "Tao's Winning Formula" })).toBeVisible();
  const audio = page.getByTestId('recording-player').locator('audio');
  expect(await knownDuration(audio)).toBeGreaterThan(1);
  await playsThrough(audio);
  await context.setOffline(false);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`recording, the player, the background sound and the no-voice message have no accessibility violation in ${colorScheme} mode`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme });
      await page.addInitScript(fakeVoices('none'));
      await memberWithVision(page, 'Uma');
      await page.goto('/athletic-vision');
      await expect(page.getByTestId('no-voice')).toBeVisible();
      await shot(page, page.getByTestId('no-voice'), `no-voice-${colorScheme}`);
      await shot(page, page.getByTestId('record-voice'), `record-idle-${colorScheme}`);
      const axe = async () => {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      expect(await axe()).toEqual([]);

      // Every control on the page is at least 44 px tall, and no input is under 16 px.
      const small = await page
        .locator('.vision-play button, .vision-play select, .vision-play .btn, .vision-play audio')
        .evaluateAll((elements) =>
          elements
            .filter((element) => (element as HTMLElement).offsetParent !== null)
            .filter((element) => element.getBoundingClientRect().height < 44)
            .map((element) => element.textContent || element.tagName),
        );
      expect(small).toEqual([]);
      const fonts = await page.locator('.vision-play select').evaluateAll((elements) =>
        elements.map((element) => parseFloat(getComputedStyle(element).fontSize)),
      );
      for (const size of fonts) expect(size).toBeGreaterThanOrEqual(16);

      await recordFor(page, 1500);
      await shot(page, page.getByTestId('record-voice'), `recording-${colorScheme}`);
      expect(await axe()).toEqual([]);
      await page.getByRole('button', { name: 'Stop recording' }).click();
      await expect(page.getByTestId('recording-review')).toBeVisible();
      await shot(page, page.getByTestId('record-voice'), `review-${colorScheme}`);
      expect(await axe()).toEqual([]);

      await page.getByRole('button', { name: 'Save recording' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('recording-player')).toBeVisible();
      await page.locator('label[for="vision-sound-rain"]').click();
      await expect(page.getByRole('radio', { name: 'Rain' })).toBeChecked();
      await page.getByLabel('Sleep timer').selectOption('10');
      await expect(page.getByTestId('sleep-remaining')).toContainText(/Fades out and stops in (10:00|9:5\d)/);
      await shot(page, page.getByTestId('recording-player'), `player-${colorScheme}`);
      await shot(page, page.getByTestId('bedtime-sound'), `sound-timer-${colorScheme}`);
      await shot(page, page.getByTestId('record-voice'), `record-saved-${colorScheme}`);
      expect(await axe()).toEqual([]);
    });
  }
});
