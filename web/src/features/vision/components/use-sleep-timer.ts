import { useCallback, useEffect, useRef, useState } from 'react';
import { FADE_MS, fadeGain } from '../sleep-timer';

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

  // Once a second while the clock only counts down (a phone in bed for half an hour), four times
  // a second through the fade.
  useEffect(() => {
    if (endsAt === null) return;
    let timer = 0;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) {
        setEndsAt(null);
        setMinutes(0);
        ended.current();
        return;
      }
      timer = window.setTimeout(tick, endsAt - time > FADE_MS + 1000 ? 1000 : 250);
    };
    timer = window.setTimeout(tick, 250);
    return () => window.clearTimeout(timer);
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
