/** The morning check-in trends of the dashboard: one series per measure, oldest day first. */

export type Measure = 'sleep' | 'energy' | 'mood' | 'stress' | 'confidence';

export type CheckinScores = { date: string } & Record<Measure, number>;

const DAY_MS = 86_400_000;

/** The `length` dates ending `today` (`YYYY-MM-DD`), oldest first. */
export function windowDates(today: string, length: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length }, (_, i) => new Date(end - (length - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** One measure over the window: the score of each day, `null` where there was no check-in. */
export function series(checkins: CheckinScores[], measure: Measure, today: string, length: number): (number | null)[] {
  const byDate = new Map(checkins.map((c) => [c.date, c[measure]]));
  return windowDates(today, length).map((date) => byDate.get(date) ?? null);
}

/** The mean of the days with a score, to one decimal; `null` when there are none. */
export function average(values: (number | null)[]): number | null {
  const scores = values.filter((v): v is number => v !== null);
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
}

/**
 * An SVG path through the scores (1 at the bottom, 5 at the top) of a `width` × `height` box;
 * a day without a check-in breaks the line, and a lone day is drawn as a short dash.
 */
export function sparklinePath(values: (number | null)[], width: number, height: number, pad = 3): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (v: number) => pad + ((5 - v) / 4) * (height - 2 * pad);
  const parts: string[] = [];
  let run: string[] = [];
  const flush = (last: number) => {
    if (run.length === 1) {
      const x = last * step;
      const [, ys] = run[0].split(' ');
      run = [`${Math.max(0, x - 1.5).toFixed(1)} ${ys}`, `${Math.min(width, x + 1.5).toFixed(1)} ${ys}`];
    }
    if (run.length > 0) parts.push(`M${run.join(' L')}`);
    run = [];
  };
  values.forEach((v, i) => {
    if (v === null) {
      flush(i - 1);
      return;
    }
    run.push(`${(i * step).toFixed(1)} ${y(v).toFixed(1)}`);
  });
  flush(values.length - 1);
  return parts.join(' ');
}
