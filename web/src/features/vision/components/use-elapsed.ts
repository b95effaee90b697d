import { useEffect, useState } from 'react';

/** Seconds since `since` (a Date.now() value), updated `perSecond` times a second; 0 without it. */
export function useElapsed(since: number | null, perSecond = 4): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000 / perSecond);
    return () => window.clearInterval(timer);
  }, [since, perSecond]);
  return since === null ? 0 : Math.max(0, (now - since) / 1000);
}
