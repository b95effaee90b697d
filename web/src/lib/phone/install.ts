/**
 * "Install SWAZ" (issue 28). Chromium-based browsers fire `beforeinstallprompt` once, early,
 * often before any screen that offers installing is shown: it is kept here from the start.
 * Safari on iPhone and iPad fires nothing; there the athlete is shown the Share steps instead.
 */

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Called once before the first render. */
export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar would nag; SWAZ offers installing in its place.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall() {
  const event = deferred;
  if (!event) return;
  deferred = null;
  notify();
  await event.prompt();
}

/** SWAZ is already open as an installed app. */
export function runningInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/**
 * iPhone, iPod or iPad (iPadOS says "Macintosh" but has a touch screen): installing is Share →
 * Add to Home Screen there.
 */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

const DISMISSED_KEY = 'swaz.installDismissedAt';
/** "Not now" hides the offer this long: once a month at most, never nagging. */
export const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000;

export function installDismissed(now = Date.now(), store: Pick<Storage, 'getItem'> = localStorage): boolean {
  const at = Number(store.getItem(DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < DISMISS_FOR_MS;
}

export function dismissInstall(now = Date.now(), store: Pick<Storage, 'setItem'> = localStorage) {
  store.setItem(DISMISSED_KEY, String(now));
}
