import { useEffect } from 'react';

/**
 * Keeps the screen awake while `active`, where the browser has the Screen Wake
 * Lock API. The browser drops the lock when the page is hidden; it is taken
 * again when the page comes back. Refusals (battery saver, policy) are silent:
 * the exercise works without the lock.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let requesting = false;
    let done = false;

    const acquire = () => {
      if (requesting || (lock && !lock.released) || document.visibilityState !== 'visible') return;
      requesting = true;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          requesting = false;
          if (done) void sentinel.release().catch(() => undefined);
          else lock = sentinel;
        },
        () => {
          requesting = false;
        },
      );
    };

    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', acquire);
      if (lock && !lock.released) void lock.release().catch(() => undefined);
    };
  }, [active]);
}
