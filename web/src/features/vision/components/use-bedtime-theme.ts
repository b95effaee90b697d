import { useLayoutEffect } from 'react';

/** The class on <body> that darkens the whole page, header and footer included (vision.css). */
export const BEDTIME_CLASS = 'swaz-bedtime';

// Playback hands over to Sleep Well without a light frame in between: the
// class stays while any bedtime screen is mounted.
let screens = 0;

/** Dark, low-glare theme while a bedtime screen (playback, Sleep Well) is shown. */
export function useBedtimeTheme() {
  useLayoutEffect(() => {
    screens += 1;
    document.body.classList.add(BEDTIME_CLASS);
    return () => {
      screens -= 1;
      if (screens === 0) document.body.classList.remove(BEDTIME_CLASS);
    };
  }, []);
}
