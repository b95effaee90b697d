import { describe, expect, it } from 'vitest';
import { LEAD_SECONDS, readingSeconds, teleprompterOffset } from './teleprompter';

describe('the teleprompter', () => {
  it('reckons a calm reading pace of about 130 words a minute', () => {
    const words = Array.from({ length: 130 }, () => 'word').join(' ');
    expect(readingSeconds([words])).toBeCloseTo(60, 6);
    expect(readingSeconds(['Sam  plays', ' more and more freely. '])).toBeCloseTo((6 * 60) / 130, 6);
    expect(readingSeconds([])).toBe(0);
  });

  it('holds still for the lead, then scrolls evenly to the bottom and stays there', () => {
    expect(teleprompterOffset(0, 100, 500)).toBe(0);
    expect(teleprompterOffset(LEAD_SECONDS, 100, 500)).toBe(0);
    expect(teleprompterOffset(LEAD_SECONDS + 50, 100, 500)).toBe(250);
    expect(teleprompterOffset(LEAD_SECONDS + 100, 100, 500)).toBe(500);
    expect(teleprompterOffset(LEAD_SECONDS + 400, 100, 500)).toBe(500);
  });

  it('does not move text that fits on the screen', () => {
    expect(teleprompterOffset(60, 100, 0)).toBe(0);
    expect(teleprompterOffset(60, 0, 300)).toBe(0);
  });
});
