/** The sleep timer's choices, in minutes; 0 is off. */
export const SLEEP_TIMER_MINUTES = [0, 5, 10, 20, 30] as const;

/** How long before the timer ends the sound starts to fade out. */
export const FADE_MS = 30_000;

/**
 * The volume factor (1 down to 0) with `remainingMs` left on the sleep timer: full until the
 * last {@link FADE_MS}, then a cosine curve down to silence, which the ear hears as an even fade
 * with no step at either end.
 */
export function fadeGain(remainingMs: number, fadeMs: number = FADE_MS): number {
  if (remainingMs >= fadeMs) return 1;
  if (remainingMs <= 0) return 0;
  return 0.5 - 0.5 * Math.cos((Math.PI * remainingMs) / fadeMs);
}

/** "4:05" for 245 seconds (whole seconds; the caller rounds as its clock needs). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
