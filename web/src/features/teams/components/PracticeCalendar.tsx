import type { components } from '@/lib/api/schema';
import { teamTexts } from '../texts';

type Day = components['schemas']['HeatmapDay'];

const t = teamTexts.athlete;
const WEEKS = 12;
const ROWS = 7;
const CELL = 14;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 30;
const TOP = 16;
const WIDTH = LEFT + WEEKS * STEP - GAP;
const HEIGHT = TOP + ROWS * STEP - GAP;
const LEVELS = [0, 1, 2, 3, 4];

function parseDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/**
 * An athlete's last 12 weeks as the dashboard draws them: a column per week, a row per
 * weekday, colour by count, the athlete's today bottom right. Each day says itself in words.
 */
export function PracticeCalendar({ days }: { days: Day[] }) {
  const recent = days.slice(-WEEKS * ROWS);
  const offset = WEEKS * ROWS - recent.length;
  const cells = recent.map((day, index) => ({
    ...day,
    column: Math.floor((index + offset) / ROWS),
    row: (index + offset) % ROWS,
    level: Math.min(Math.max(day.count, 0), 4),
  }));
  const weekdays: string[] = [];
  const months: { column: number; label: string }[] = [];
  let previous = '';
  for (const cell of cells) {
    weekdays[cell.row] ??= weekdayFormat.format(parseDay(cell.date));
    if (cell.row !== 0) continue;
    const month = monthFormat.format(parseDay(cell.date));
    if (month !== previous) months.push({ column: cell.column, label: month });
    previous = month;
  }
  const active = days.filter((day) => day.count > 0).length;
  return (
    <>
      <svg
        className="team-calendar"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t.calendarSummary(active, days.length)}
        data-testid="athlete-calendar"
      >
        {months.map((month) => (
          <text key={month.column} x={LEFT + month.column * STEP} y={TOP - 5} className="team-calendar-label">
            {month.label}
          </text>
        ))}
        {weekdays.map((weekday, row) =>
          row % 2 === 0 ? (
            <text key={weekday} x={0} y={TOP + row * STEP + CELL - 3} className="team-calendar-label">
              {weekday}
            </text>
          ) : null,
        )}
        {cells.map((cell) => (
          <rect
            key={cell.date}
            x={LEFT + cell.column * STEP}
            y={TOP + cell.row * STEP}
            width={CELL}
            height={CELL}
            rx={3}
            className={`team-heat-${cell.level}`}
            data-date={cell.date}
            data-count={cell.count}
          >
            <title>{t.calendarCell(dayFormat.format(parseDay(cell.date)), cell.count)}</title>
          </rect>
        ))}
      </svg>
      <div className="d-flex align-items-center justify-content-end gap-1 small text-body-secondary mt-2" aria-hidden="true">
        <span className="me-1">{t.less}</span>
        {LEVELS.map((level) => (
          <span key={level} className={`team-heat-swatch team-heat-${level}`} />
        ))}
        <span className="ms-1">{t.more}</span>
      </div>
    </>
  );
}
