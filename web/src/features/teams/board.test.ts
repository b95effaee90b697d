import { describe, expect, it } from 'vitest';
import { averageText, daysPractised, shortDay, sinceText, sparklinePoints } from './board';

describe('sinceText', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('says never when the athlete has not practised', () => {
    expect(sinceText(null, now)).toBe('Never');
  });

  it('counts whole days back', () => {
    expect(sinceText('2026-11-26T08:00:00Z', now)).toBe('Today');
    expect(sinceText('2026-11-25T08:00:00Z', now)).toBe('Yesterday');
    expect(sinceText('2026-11-23T11:00:00Z', now)).toBe('3 days ago');
  });
});

describe('sparklinePoints', () => {
  it('puts zero at the bottom and the highest count at the top', () => {
    expect(sparklinePoints([0, 2, 1], 24, 12)).toBe('2,10 12,2 22,6');
  });

  it('keeps a line of no practice flat on the bottom', () => {
    expect(sparklinePoints([0, 0], 10, 10)).toBe('2,8 8,8');
  });
});

describe('daysPractised', () => {
  it('counts the days with any practice', () => {
    expect(daysPractised([0, 3, 1, 0])).toBe(2);
  });
});

describe('check-in figures in words', () => {
  it('writes a calendar day short, whatever the zone', () => {
    expect(shortDay('2026-11-24')).toBe('24 Nov');
    expect(shortDay('2026-01-01')).toBe('1 Jan');
  });

  it('writes averages to one decimal and whole numbers plain', () => {
    expect(averageText(3.5)).toBe('3.5');
    expect(averageText(4)).toBe('4');
    expect(averageText(2.25)).toBe('2.3');
  });
});
