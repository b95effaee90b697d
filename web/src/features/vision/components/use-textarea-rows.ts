import { useSyncExternalStore } from 'react';

/** SPEC §5: text areas have 4 rows below 1200 px window width, 8 otherwise. */
export const WIDE_MIN_PX = 1200;

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useTextareaRows(): number {
  return useSyncExternalStore(
    subscribe,
    () => (window.innerWidth < WIDE_MIN_PX ? 4 : 8),
    () => 8,
  );
}
