import {
  DAYS_PER_WEEK,
  MAX_LEVEL,
  WEEKS,
  activeDays,
  columnMonths,
  formatDay,
  heatmapCells,
  rowWeekdays,
  type HeatmapDay,
} from './practice-calendar';
import './practice-calendar.css';

const CELL = 14;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 30;
const TOP = 16;
const WIDTH = LEFT + WEEKS * STEP - GAP;
const HEIGHT = TOP + DAYS_PER_WEEK * STEP - GAP;
const LEVELS = Array.from({ length: MAX_LEVEL + 1 }, (_, level) => level);

export interface PracticeCalendarProps {
  /** The last 84 days, oldest first, ending today. */
  days: HeatmapDay[];
  /** Today's `YYYY-MM-DD`, outlined; left out, no day is outlined. */
  today?: string;
  /** The picture's name: a summary of the days in words. */
  summary: (active: number, total: number) => string;
  /** Each day in words ('24 November 2026: 2 practices'). */
  cellLabel: (day: string, count: number) => string;
  less: string;
  more: string;
  /** Added to a rest day's words, and the legend's name for its mark. */
  restDay?: string;
  testId?: string;
}

/**
 * The last 12 weeks of practice as one picture: a column per week, a row per weekday, colour
 * by count, today bottom right. Each day says itself in words; the legend repeats the colours.
 */
export function PracticeCalendar({
  days,
  today,
  summary,
  cellLabel,
  less,
  more,
  restDay = 'Rest day',
  testId,
}: PracticeCalendarProps) {
  const cells = heatmapCells(days);
  const anyRest = cells.some((cell) => cell.rest);
  const weekdays = rowWeekdays(cells);
  const months = columnMonths(cells);
  return (
    <>
      <svg
        className="practice-calendar"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary(activeDays(days), days.length)}
        data-testid={testId}
      >
        {months.map((month) => (
          <text key={month.column} x={LEFT + month.column * STEP} y={TOP - 5} className="practice-calendar-label">
            {month.label}
          </text>
        ))}
        {weekdays.map((weekday, row) =>
          row % 2 === 0 ? (
            <text key={weekday} x={0} y={TOP + row * STEP + CELL - 3} className="practice-calendar-label">
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
            className={`practice-heat-${cell.level}${cell.rest ? ' practice-rest' : ''}${cell.date === today ? ' practice-heat-today' : ''}`}
            data-date={cell.date}
            data-count={cell.count}
            data-rest={cell.rest ? 'true' : undefined}
          >
            <title>
              {cellLabel(formatDay(cell.date), cell.count)}
              {cell.rest ? ` (${restDay.toLowerCase()})` : ''}
            </title>
          </rect>
        ))}
      </svg>
      <div className="d-flex align-items-center justify-content-end gap-1 small text-body-secondary mt-2" aria-hidden="true">
        <span className="me-1">{less}</span>
        {LEVELS.map((level) => (
          <span key={level} className={`practice-heat-swatch practice-heat-${level}`} />
        ))}
        <span className="ms-1">{more}</span>
        {anyRest && (
          <>
            <span className="practice-heat-swatch practice-heat-0 practice-rest ms-3" />
            <span className="ms-1">{restDay}</span>
          </>
        )}
      </div>
    </>
  );
}
