import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { Dashboard } from '../api/get-dashboard';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.dailyFlow;

/** Today's three practices, each a link that shows whether it is done. */
export function DailyFlow({ checklist }: { checklist: Dashboard['checklist'] }) {
  const items = [
    { key: 'vision', label: t.items.vision, to: '/athletic-vision', done: checklist.visionListened },
    { key: 'breathing', label: t.items.breathing, to: '/sleep-well', done: checklist.breathingDone },
    { key: 'dailyAction', label: t.items.dailyAction, to: '/daily-action-welcome', done: checklist.dailyActionSaved },
  ];
  const doneCount = items.filter((item) => item.done).length;
  return (
    <Card className="h-100 shadow-sm" as="section" aria-labelledby="daily-flow-heading">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2 mb-3">
          <h2 id="daily-flow-heading" className="h5 mb-0">
            {t.heading}
          </h2>
          <span className="text-body-secondary small">
            {t.lead} · {t.progress(doneCount, items.length)}
          </span>
        </div>
        <ul className="list-unstyled mb-3" data-testid="daily-flow">
          {items.map((item) => (
            <li key={item.key} className="mb-2">
              <Link
                to={item.to}
                className={`dashboard-flow-item d-flex align-items-center gap-3 p-3 rounded border text-decoration-none ${
                  item.done ? 'is-done' : ''
                }`}
                data-done={item.done}
              >
                <span className="dashboard-flow-check" aria-hidden="true">
                  {item.done ? '✓' : ''}
                </span>
                <span className="flex-grow-1 fw-semibold">{item.label}</span>
                <span className={`badge ${item.done ? 'text-bg-success' : 'text-bg-light border'}`}>
                  {item.done ? t.done : t.notDone}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary mb-0">
          {t.weeklyMapHint}{' '}
          <Link to="/weekly-map-welcome" className="fw-semibold">
            {t.weeklyMap}
          </Link>
        </p>
      </Card.Body>
    </Card>
  );
}
