import Card from 'react-bootstrap/Card';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.streak;

/**
 * Consecutive days with practice, with a nudge to start when there are none and to practise
 * today until all three of today's practices are done.
 */
export function Streak({ days, allDoneToday }: { days: number; allDoneToday: boolean }) {
  return (
    <Card className="h-100 shadow-sm dashboard-streak" as="section" aria-labelledby="streak-heading">
      <Card.Body className="d-flex flex-column justify-content-center">
        <h2 id="streak-heading" className="h6 text-uppercase text-body-secondary mb-2">
          {t.heading}
        </h2>
        <p className="display-6 fw-bold mb-1" data-testid="streak">
          {t.days(days)}
        </p>
        <p className="mb-0 text-body-secondary">{allDoneToday ? t.doneToday : days === 0 ? t.zero : t.keepGoing}</p>
      </Card.Body>
    </Card>
  );
}
