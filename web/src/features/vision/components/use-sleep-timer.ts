import { useCallback, useEffect, useRef, useState } from 'react';
import { fadeGain } from '../sleep-timer';

/**
 * The sleep timer: `choose(minutes)` starts it (0 turns it off). While it runs, `gain` falls from
 * 1 to 0 over its last 30 s; at the end `onEnd` runs once and the timer is off again.
 */
export function useSleepTimer(onEnd: () => void) {
  const [minutes, setMinutes] = useState(0);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) {
        setEndsAt(null);
        setMinutes(0);
        ended.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const choose = useCallback((next: number) => {
    const time = Date.now();
    setMinutes(next);
    setNow(time);
    setEndsAt(next > 0 ? time + next * 60_000 : null);
  }, []);

  const remainingMs = endsAt === null ? null : Math.max(0, endsAt - now);
  return { minutes, choose, remainingMs, gain: remainingMs === null ? 1 : fadeGain(remainingMs) };
}

export type SleepTimer = ReturnType<typeof useSleepTimer>;
