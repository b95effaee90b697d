import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useHideStreak } from '../api/streak-settings';
import { dashboardTexts } from '../texts';
import { RestDaysDialog } from './RestDaysDialog';

const t = dashboardTexts.streak;

export interface StreakProps {
  days: number;
  allDoneToday: boolean;
  /** The athlete hid the number (a streak can be stressful). */
  hidden: boolean;
  /** Today is a rest day the athlete chose. */
  restingToday: boolean;
}

/**
 * Days practised in a row, with a nudge to start when there are none and to practise today
 * until all three of today's practices are done; rest days planned here pause it.
 */
export function Streak({ days, allDoneToday, hidden, restingToday }: StreakProps) {
  const [planning, setPlanning] = useState(false);
  const hide = useHideStreak();
  const line = restingToday && !allDoneToday ? t.resting : allDoneToday ? t.doneToday : days === 0 ? t.zero : t.keepGoing;
  return (
    <Card className="h-100 shadow-sm dashboard-streak" as="section" aria-labelledby="streak-heading">
      <Card.Body className="d-flex flex-column justify-content-center">
        <h2 id="streak-heading" className="h6 text-uppercase text-body-secondary mb-2">
          {hidden ? t.hiddenHeading : t.heading}
        </h2>
        {hidden ? (
          <p className="mb-2 text-body-secondary" data-testid="streak-hidden">
            {t.hidden}
          </p>
        ) : (
          <>
            <p className="display-6 fw-bold mb-1" data-testid="streak">
              {t.days(days)}
            </p>
            <p className="mb-2 text-body-secondary">{line}</p>
          </>
        )}
        <div className="d-flex flex-wrap gap-2 mt-auto pt-1">
          <Button variant="outline-primary" size="sm" className="dashboard-streak-action" onClick={() => setPlanning(true)}>
            {t.planRest}
          </Button>
          <Button
            variant="link"
            size="sm"
            className="dashboard-streak-action px-1"
            disabled={hide.isPending}
            onClick={() => hide.mutate(!hidden)}
          >
            {hidden ? t.show : t.hide}
          </Button>
        </div>
      </Card.Body>
      {planning && <RestDaysDialog onClose={() => setPlanning(false)} />}
    </Card>
  );
}
