import type { Page } from '@playwright/test';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

/** What the page did with Web Audio, vibration and the wake lock, recorded by `recordBedtimeApis`. */
interface BedtimeLog {
  oscillators: {
    /** The AudioContext's currentTime when start() was called, and the time it was scheduled for. */
    calledAt: number;
    startAt: number;
    stops: number[];
    frequency: [method: string, value: number, time: number][];
  }[];
  contexts: { state: string; currentTime: number }[];
  closedContexts: number;
  vibrations: (number | number[])[];
  wakeLock: { requested: number; granted: number; released: number };
}

/**
 * Runs in the page before the app: wraps the prototype methods the cues use so
 * every scheduled oscillator, frequency change, vibration and wake lock is
 * written down; the real methods still run.
 */
function recordBedtimeApis() {
  const log = {
    oscillators: [] as BedtimeLog['oscillators'],
    contexts: [] as BaseAudioContext[],
    closedContexts: 0,
    vibrations: [] as BedtimeLog['vibrations'],
    wakeLock: { requested: 0, granted: 0, released: 0 },
  };
  (window as unknown as { __bedtime: typeof log }).__bedtime = log;
  const entries = new WeakMap<object, BedtimeLog['oscillators'][number]>();

  const createOscillator = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function (this: BaseAudioContext) {
    const oscillator = createOscillator.call(this);
    const entry = { calledAt: NaN, startAt: NaN, stops: [], frequency: [] };
    entries.set(oscillator, entry);
    entries.set(oscillator.frequency, entry);
    if (!log.contexts.includes(this)) log.contexts.push(this);
    return oscillator;
  };

  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, when = 0) {
    const entry = entries.get(this);
    if (entry) {
      entry.calledAt = this.context.currentTime;
      entry.startAt = when;
      log.oscillators.push(entry);
    }
    return start.call(this, when);
  };
  const stop = OscillatorNode.prototype.stop;
  OscillatorNode.prototype.stop = function (this: OscillatorNode, when = 0) {
    entries.get(this)?.stops.push(when);
    return stop.call(this, when);
  };

  for (const method of ['setValueAtTime', 'linearRampToValueAtTime', 'exponentialRampToValueAtTime'] as const) {
    const original = AudioParam.prototype[method] as (this: AudioParam, value: number, time: number) => AudioParam;
    AudioParam.prototype[method] = function (this: AudioParam, value: number, time: number) {
      entries.get(this)?.frequency.push([method, value, time]);
      return original.call(this, value, time);
    };
  }

  const close = AudioContext.prototype.close;
  AudioContext.prototype.close = function (this: AudioContext) {
    log.closedContexts += 1;
    return close.call(this);
  };

  const vibrate = Navigator.prototype.vibrate as (this: Navigator, pattern: number | Iterable<number>) => boolean;
  Navigator.prototype.vibrate = function (this: Navigator, pattern: number | Iterable<number>) {
    log.vibrations.push(typeof pattern === 'number' ? pattern : [...pattern]);
    return vibrate.call(this, pattern);
  };

  if ('WakeLock' in window) {
    const request = WakeLock.prototype.request;
    WakeLock.prototype.request = async function (this: WakeLock, type?: WakeLockType) {
      log.wakeLock.requested += 1;
      const sentinel = await request.call(this, type);
      log.wakeLock.granted += 1;
      sentinel.addEventListener('release', () => {
        log.wakeLock.released += 1;
      });
      return sentinel;
    };
  }
}

async function bedtimeLog(page: Page): Promise<BedtimeLog> {
  return page.evaluate(() => {
    const log = (window as unknown as { __bedtime: Omit<BedtimeLog, 'contexts'> & { contexts: BaseAudioContext[] } })
      .__bedtime;
    return {
      ...log,
      oscillators: log.oscillators.map((entry) => ({ ...entry, stops: [...entry.stops], frequency: [...entry.frequency] })),
      contexts: log.contexts.map((context) => ({ state: context.state, currentTime: context.currentTime })),
    };
  });
}

/** Locks held right now: granted and not yet released (by the page or the browser). */
async function heldWakeLocks(page: Page): Promise<number> {
  const { wakeLock } = await bedtimeLog(page);
  return wakeLock.granted - wakeLock.released;
}

function rgb(colour: string): number[] {
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

/** Relative luminance (WCAG) of a computed `rgb(…)` colour. */
function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

async function colours(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });
}

/** Start offsets of 4-7-8 cues over four cycles: one per phase. */
const CUE_OFFSETS = [0, 4, 11, 19, 23, 30, 38, 42, 49, 57, 61, 68];

/** Oscillator starts relative to the first, rounded to the microsecond. */
function relativeStarts(oscillators: BedtimeLog['oscillators']): number[] {
  return oscillators.map((entry) => Math.round((entry.startAt - oscillators[0].startAt) * 1e6) / 1e6);
}

/** A paid member with a saved vision, signed in, recording, with the page clock under the test's control. */
async function bedtimeMember(page: Page, firstName: string) {
  const member = createUser(firstName, { paid: true });
  await page.addInitScript(recordBedtimeApis);
  await signIn(page, member);
  const token = await accessToken(page);
  const answers = Object.fromEntries(
    Array.from({ length: 9 }, (_, index) => [`q${index + 1}`, `${firstName} answer ${index + 1}, more and more.`]),
  );
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: answers,
  });
  expect(saved.ok()).toBe(true);
  await page.clock.install();
}

test('bedtime stays dark from playback to Sleep Well, and 4-7-8 is cued by tone, vibration and a wake lock', async ({
  page,
}) => {
  await bedtimeMember(page, 'Jordan');

  await page.goto('/athletic-vision');
  await expect(page.getByRole('heading', { name: "Jordan's Winning Formula" })).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/\bswaz-bedtime\b/);
  const playPage = await colours(page, 'body');
  expect(luminance(playPage.background)).toBeLessThan(0.01);
  await page.getByRole('link', { name: 'Good night' }).click();

  await expect(page).toHaveURL(/\/sleep-well$/);
  await expect(page.getByRole('heading', { name: 'Sleep Well :)' })).toBeVisible();
  const body = await colours(page, 'body');
  expect(luminance(body.background)).toBeLessThan(0.01);
  // Dimmed, warm text: no bright white, still WCAG AA on the dark background.
  expect(Math.max(...rgb(body.text))).toBeLessThan(230);
  expect(contrast(body.text, body.background)).toBeGreaterThanOrEqual(4.5);
  const muted = await colours(page, '.breathing .text-muted');
  expect(contrast(muted.text, body.background)).toBeGreaterThanOrEqual(4.5);
  for (const bar of ['.swaz-navbar', '.swaz-footer']) {
    const { background, text } = await colours(page, bar);
    expect(luminance(background)).toBeLessThan(0.01);
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  }

  await expect(page.getByLabel('Sound cues')).toBeChecked();
  await expect(page.getByLabel('Vibration')).toBeChecked();
  expect((await bedtimeLog(page)).oscillators).toHaveLength(0);

  // The click is the user gesture that lets the AudioContext start.
  await page.getByRole('button', { name: 'Start' }).click();
  const status = page.getByTestId('breathing-status');
  await expect(status).toContainText('Inhale 4');
  await expect.poll(async () => (await bedtimeLog(page)).oscillators.length).toBe(12);
  let log = await bedtimeLog(page);
  expect(log.contexts).toHaveLength(1);
  expect(log.contexts[0].state).toBe('running');
  // All four cycles are on the audio clock at once, a moment ahead of the click.
  expect(relativeStarts(log.oscillators)).toEqual(CUE_OFFSETS);
  const lead = log.oscillators[0].startAt - log.oscillators[0].calledAt;
  expect(lead).toBeGreaterThan(0);
  expect(lead).toBeLessThan(0.2);
  const [inhale, hold, exhale] = log.oscillators;
  expect(inhale.frequency.map(([method, value]) => [method, value])).toEqual([
    ['setValueAtTime', 196],
    ['exponentialRampToValueAtTime', 294],
  ]);
  expect(hold.frequency.map(([method, value]) => [method, value])).toEqual([['setValueAtTime', 247]]);
  expect(exhale.frequency.map(([method, value]) => [method, value])).toEqual([
    ['setValueAtTime', 294],
    ['exponentialRampToValueAtTime', 196],
  ]);
  expect(exhale.frequency[0][2] - inhale.frequency[0][2]).toBeCloseTo(11, 6);
  await expect.poll(() => heldWakeLocks(page)).toBe(1);
  expect(log.vibrations[0]).toEqual([220]);

  await page.clock.runFor(5000);
  await expect(status).toContainText('Hold 6');
  expect((await bedtimeLog(page)).vibrations).toContainEqual([90, 110, 90]);

  // Pausing silences what is to come and lets the screen sleep.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(status).toContainText('Paused');
  await expect.poll(() => heldWakeLocks(page)).toBe(0);
  log = await bedtimeLog(page);
  const pausedAt = log.contexts[0].currentTime;
  for (const entry of log.oscillators.slice(2)) {
    expect(entry.stops[entry.stops.length - 1]).toBeLessThan(pausedAt + 0.5);
  }

  // Resuming 5 s in schedules the ten cues still ahead, from the exhale at 11 s.
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(async () => (await bedtimeLog(page)).oscillators.length).toBe(22);
  log = await bedtimeLog(page);
  const resumed = log.oscillators.slice(12);
  expect(relativeStarts(resumed)).toEqual(CUE_OFFSETS.slice(2).map((offset) => offset - 11));
  expect(resumed[0].startAt - resumed[0].calledAt).toBeCloseTo(6, 0);
  expect(resumed[0].frequency[0][1]).toBe(294);
  await expect.poll(() => heldWakeLocks(page)).toBe(1);
  expect((await bedtimeLog(page)).wakeLock.requested).toBe(2);

  // The end of the exercise lets go of the screen.
  await page.clock.runFor(71_000);
  await expect(status).toContainText('Well done. Sleep well.');
  await expect.poll(() => heldWakeLocks(page)).toBe(0);

  // Leaving mid-exercise stops the cues, the lock and the AudioContext, and lightens the page.
  await page.getByRole('button', { name: 'Breathe again' }).click();
  await expect.poll(async () => (await bedtimeLog(page)).oscillators.length).toBe(34);
  await expect.poll(() => heldWakeLocks(page)).toBe(1);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.locator('body')).not.toHaveClass(/\bswaz-bedtime\b/);
  expect(luminance((await colours(page, 'body')).background)).toBeGreaterThan(0.5);
  await expect.poll(() => heldWakeLocks(page)).toBe(0);
  await page.clock.runFor(500);
  log = await bedtimeLog(page);
  expect(log.closedContexts).toBe(1);
  for (const entry of log.oscillators.slice(22)) expect(entry.stops.length).toBe(2);
});

test('the cues follow the switches: off means no tones and no vibration, on mid-exercise picks up the rest', async ({
  page,
}) => {
  await bedtimeMember(page, 'Riley');
  await page.goto('/sleep-well');
  await expect(page.locator('body')).toHaveClass(/\bswaz-bedtime\b/);

  await page.getByLabel('Sound cues').uncheck();
  await page.getByLabel('Vibration').uncheck();
  await page.getByRole('button', { name: 'Start' }).click();
  const status = page.getByTestId('breathing-status');
  await page.clock.runFor(12_000);
  await expect(status).toContainText('Exhale 7');
  let log = await bedtimeLog(page);
  expect(log.oscillators).toHaveLength(0);
  expect(log.vibrations.filter((pattern) => pattern !== 0)).toHaveLength(0);
  // The screen stays awake with or without cues.
  await expect.poll(() => heldWakeLocks(page)).toBe(1);

  // 12 s in: the cues from the next inhale at 19 s on.
  await page.getByLabel('Sound cues').check();
  await expect.poll(async () => (await bedtimeLog(page)).oscillators.length).toBe(9);
  log = await bedtimeLog(page);
  expect(relativeStarts(log.oscillators)).toEqual(CUE_OFFSETS.slice(3).map((offset) => offset - 19));
  const ahead = log.oscillators[0].startAt - log.oscillators[0].calledAt;
  expect(ahead).toBeGreaterThan(6);
  expect(ahead).toBeLessThanOrEqual(7.1);

  await page.getByLabel('Sound cues').uncheck();
  log = await bedtimeLog(page);
  for (const entry of log.oscillators) expect(entry.stops).toHaveLength(2);

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status).toContainText('Ready when you are.');
  await expect.poll(() => heldWakeLocks(page)).toBe(0);
});
