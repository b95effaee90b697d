/** A calm reading pace for a recording to fall asleep to: about 130 words a minute. */
export const WORDS_PER_SECOND = 130 / 60;

/** Seconds the text stays still at the start, while the athlete settles and begins. */
export const LEAD_SECONDS = 4;

/** How long reading `paragraphs` aloud takes at {@link WORDS_PER_SECOND}. */
export function readingSeconds(paragraphs: readonly string[]): number {
  const words = paragraphs.join(' ').split(/\s+/).filter(Boolean).length;
  return words / WORDS_PER_SECOND;
}

/**
 * Where the teleprompter has scrolled to `elapsedSeconds` into the recording: still for the lead,
 * then evenly down so the last line comes up as the reading should end; never past the bottom.
 */
export function teleprompterOffset(elapsedSeconds: number, totalSeconds: number, scrollable: number): number {
  if (scrollable <= 0 || totalSeconds <= 0) return 0;
  const progress = (elapsedSeconds - LEAD_SECONDS) / totalSeconds;
  return Math.round(Math.max(0, Math.min(1, progress)) * scrollable);
}
