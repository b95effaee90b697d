import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { useRecentCheckins } from '../api/get-checkins';
import { dashboardTexts } from '../texts';
import { average, series, sparklinePath, type Measure } from '../trends';

const t = dashboardTexts.checkin;
const WIDTH = 120;
const HEIGHT = 28;
const WINDOWS = [7, 28] as const;

/**
 * The morning check-in: a call to action (or, once done today, a way to edit it) and the
 * athlete's own 7- or 28-day trend of each measure as a tiny line with its average.
 */
export function CheckinCard() {
  const recent = useRecentCheckins();
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(7);
  const list = recent.data?.checkins ?? [];
  const today = recent.data?.today;
  const doneToday = !!today && list.some((c) => c.date === today);

  return (
    <Card as="section" className="h-100 shadow-sm dashboard-checkin" aria-labelledby="checkin-heading">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
          <div>
            <h2 id="checkin-heading" className="h5 mb-1">
              {t.heading}
            </h2>
            <p className="small text-body-secondary mb-0" data-testid="checkin-status">
              {doneToday ? t.doneToday : t.lead}
            </p>
          </div>
          <Link
            to="/check-in"
            className={`btn ${doneToday ? 'btn-outline-primary' : 'btn-primary'}`}
            data-testid="checkin-cta"
          >
            {doneToday ? t.edit : t.start}
          </Link>
        </div>
        {recent.isSuccess && today && list.length > 0 ? (
          <>
            <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
              <h3 className="h6 mb-0">{t.trendHeading}</h3>
              <div className="btn-group btn-group-sm" role="group" aria-label={t.windowLabel}>
                {WINDOWS.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className={`btn ${days === n ? 'btn-secondary' : 'btn-outline-secondary'}`}
                    aria-pressed={days === n}
                    onClick={() => setDays(n)}
                  >
                    {t.days(n)}
                  </button>
                ))}
              </div>
            </div>
            <ul className="list-unstyled mb-0 dashboard-trends" data-testid="checkin-trends">
              {t.measures.map((m) => {
                const values = series(list, m.key as Measure, today, days);
                const mean = average(values);
                const counted = values.filter((v) => v !== null).length;
                return (
                  <li key={m.key} className="dashboard-trend">
                    <span className="dashboard-trend-label small">{m.label}</span>
                    <svg
                      className="dashboard-sparkline"
                      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                      preserveAspectRatio="none"
                      role="img"
                      aria-label={t.trendLabel(m.label, days, mean, counted, m.high)}
                    >
                      <line x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="dashboard-sparkline-mid" />
                      <path d={sparklinePath(values, WIDTH, HEIGHT)} className="dashboard-sparkline-line" />
                    </svg>
                    <span className="dashboard-trend-value small fw-semibold" aria-hidden>
                      {mean === null ? '–' : mean.toFixed(1)}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="small text-body-secondary mt-2 mb-0">{t.scaleHint}</p>
          </>
        ) : (
          recent.isSuccess && <p className="small text-body-secondary mb-0">{t.empty}</p>
        )}
      </Card.Body>
    </Card>
  );
}
