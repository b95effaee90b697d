import { describe, expect, it } from 'vitest';
import {
  activeDays,
  columnMonths,
  formatDay,
  heatmapCells,
  levelOf,
  rowWeekdays,
  type HeatmapDay,
} from './practice-calendar';

/** 84 days ending 2026-11-24, oldest first, with the given counts by date. */
function days(counts: Record<string, number> = {}, length = 84): HeatmapDay[] {
  const end = Date.UTC(2026, 10, 24);
  return Array.from({ length }, (_, i) => {
    const date = new Date(end - (length - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, count: counts[date] ?? 0 };
  });
}

describe('levelOf', () => {
  it('is 0 without practice and caps at 4', () => {
    expect([0, 1, 2, 3, 4, 9].map(levelOf)).toEqual([0, 1, 2, 3, 4, 4]);
  });
});

describe('heatmapCells', () => {
  it('puts 84 days in 12 week columns of 7 rows with today bottom right', () => {
    const cells = heatmapCells(days({ '2026-11-24': 3 }));
    expect(cells).toHaveLength(84);
    expect(cells[0]).toMatchObject({ date: '2026-09-02', column: 0, row: 0, level: 0 });
    expect(cells[7]).toMatchObject({ date: '2026-09-09', column: 1, row: 0 });
    expect(cells[83]).toMatchObject({ date: '2026-11-24', column: 11, row: 6, count: 3, level: 3 });
    expect(new Set(cells.map((c) => c.column)).size).toBe(12);
  });

  it('keeps today last when fewer or more days arrive', () => {
    const short = heatmapCells(days({}, 10));
    expect(short.at(-1)).toMatchObject({ date: '2026-11-24', column: 11, row: 6 });
    expect(short[0]).toMatchObject({ column: 10, row: 4 });
    const long = heatmapCells(days({}, 90));
    expect(long).toHaveLength(84);
    expect(long.at(-1)).toMatchObject({ date: '2026-11-24', column: 11, row: 6 });
  });
});

describe('labels', () => {
  it('formats a calendar date without shifting it by zone', () => {
    expect(formatDay('2026-11-24')).toBe('24 November 2026');
    expect(formatDay('2026-01-01')).toBe('1 January 2026');
  });

  it('names the weekday of each row and the months above the columns', () => {
    const cells = heatmapCells(days());
    // 84 days ending on Tuesday 24 November start on a Wednesday.
    expect(rowWeekdays(cells)).toEqual(['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue']);
    expect(columnMonths(cells)).toEqual([
      { column: 0, label: 'Sep' },
      { column: 5, label: 'Oct' },
      { column: 9, label: 'Nov' },
    ]);
  });

  it('counts the days with practice', () => {
    expect(activeDays(days({ '2026-11-23': 1, '2026-11-24': 2 }))).toBe(2);
  });
});
