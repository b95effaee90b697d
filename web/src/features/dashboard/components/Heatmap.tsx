import Card from 'react-bootstrap/Card';
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
} from '../heatmap';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.heatmap;

const CELL = 14;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 30;
const TOP = 16;
const WIDTH = LEFT + WEEKS * STEP - GAP;
const HEIGHT = TOP + DAYS_PER_WEEK * STEP - GAP;
const LEVELS = Array.from({ length: MAX_LEVEL + 1 }, (_, level) => level);

/** The last 12 weeks as a picture: one column per week, one row per weekday, colour by count. */
export function Heatmap({ days, today }: { days: HeatmapDay[]; today: string }) {
  const cells = heatmapCells(days);
  const weekdays = rowWeekdays(cells);
  const months = columnMonths(cells);
  return (
    <Card className="h-100 shadow-sm" as="section" aria-labelledby="heatmap-heading">
      <Card.Body>
        <h2 id="heatmap-heading" className="h5 mb-3">
          {t.heading}
        </h2>
        <svg
          className="dashboard-heatmap"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={t.summary(activeDays(days), days.length)}
          data-testid="heatmap"
        >
          {months.map((month) => (
            <text key={month.column} x={LEFT + month.column * STEP} y={TOP - 5} className="dashboard-heatmap-label">
              {month.label}
            </text>
          ))}
          {weekdays.map((weekday, row) =>
            row % 2 === 0 ? (
              <text key={weekday} x={0} y={TOP + row * STEP + CELL - 3} className="dashboard-heatmap-label">
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
              className={`dashboard-heat-${cell.level}${cell.date === today ? ' dashboard-heat-today' : ''}`}
              data-date={cell.date}
              data-count={cell.count}
            >
              <title>{t.cell(formatDay(cell.date), cell.count)}</title>
            </rect>
          ))}
        </svg>
        <div className="d-flex align-items-center justify-content-end gap-1 small text-body-secondary mt-2" aria-hidden="true">
          <span className="me-1">{t.less}</span>
          {LEVELS.map((level) => (
            <span key={level} className={`dashboard-heat-swatch dashboard-heat-${level}`} />
          ))}
          <span className="ms-1">{t.more}</span>
        </div>
      </Card.Body>
    </Card>
  );
}
