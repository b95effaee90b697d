/**
 * This device's side of reminders as notifications (issue 28): whether the browser can receive
 * push messages, the name a subscription is shown under, and subscribing with the server's key.
 */
import { isAppleMobile, runningInstalled } from '@/lib/phone/install';

/** The browser names a member recognises, first match wins (Edge and Samsung say "Chrome" too). */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|OPiOS\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/**
 * "Chrome on Android", "Safari on iPhone": what the device list calls this browser. iPadOS
 * reports itself as a Mac; a touch screen tells them apart.
 */
export function deviceLabel(userAgent: string, maxTouchPoints = 0): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  let system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (system === 'Mac' && maxTouchPoints > 1) system = 'iPad';
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'This browser';
}

/** The bytes of a base64url string (padding optional): `applicationServerKey` wants them raw. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(base64) || base64.length % 4 === 1) {
    throw new Error('not base64url');
  }
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * - `ready`: the browser can subscribe.
 * - `install-first`: an iPhone or iPad browser tab; iOS 16.4+ delivers push only to a SWAZ added
 *   to the Home Screen.
 * - `unsupported`: no push in this browser.
 */
export type PushSupport = 'ready' | 'install-first' | 'unsupported';

export interface BrowserFacts {
  hasPushManager: boolean;
  hasNotification: boolean;
  hasServiceWorker: boolean;
  appleMobile: boolean;
  installed: boolean;
}

export function pushSupportOf(facts: BrowserFacts): PushSupport {
  if (facts.hasPushManager && facts.hasNotification && facts.hasServiceWorker) return 'ready';
  if (facts.appleMobile && !facts.installed) return 'install-first';
  return 'unsupported';
}

export function browserFacts(): BrowserFacts {
  return {
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    hasServiceWorker: 'serviceWorker' in navigator,
    appleMobile: isAppleMobile(navigator.userAgent, navigator.maxTouchPoints),
    installed: runningInstalled(),
  };
}

/** Why turning notifications on did not finish; each has its own message. */
export type PushFailure = 'denied' | 'dismissed' | 'no-worker' | 'subscribe-failed';

export class PushSetupError extends Error {
  readonly reason: PushFailure;
  constructor(reason: PushFailure, cause?: unknown) {
    super(reason, { cause });
    this.name = 'PushSetupError';
    this.reason = reason;
  }
}

/** The service worker's registration; without one (the dev server, or still installing) after a while, none. */
async function workerRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new PushSetupError('no-worker')), timeoutMs),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's current push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const SUBSCRIBE_TIMEOUT_MS = 20_000;

/**
 * Asks for permission and subscribes with the server's key. A subscription made earlier with
 * another key (the server's keys were made anew) is replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const registration = await workerRegistration();
  const options = { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) };
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && !sameKey(existing.options.applicationServerKey, options.applicationServerKey)) {
      await existing.unsubscribe();
    }
    // Without its push service (offline, or blocked) a browser can take minutes to give up.
    const gaveUp = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the push service did not answer')), SUBSCRIBE_TIMEOUT_MS),
    );
    return (await Promise.race([registration.pushManager.subscribe(options), gaveUp])).toJSON();
  } catch (cause) {
    throw new PushSetupError('subscribe-failed', cause);
  }
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/** The id the server gave this device's subscription, so the list can say "this device". */
const DEVICE_KEY = 'swaz.push.subscriptionId';

export function thisDeviceId(): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}

export function rememberThisDevice(id: string | null) {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // private mode: the list just does not mark this device
  }
}

/**
 * At sign-out: this browser stops getting the member's reminders. Its push service then answers
 * the server 410 Gone, and the server drops the device on its next message.
 */
export async function forgetThisDevice(): Promise<void> {
  rememberThisDevice(null);
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // no subscription to end
  }
}
