import { Link } from 'react-router';
import { planningTexts as t } from '../texts';
import type { VisionReminder as Reminder } from '../wizard';

/** The athlete's own vision q3 and q5, kept in sight while planning (DESIGN §5). */
export function VisionReminder({ vision }: { vision: Reminder | null }) {
  if (!vision) {
    return (
      <p className="small text-muted mb-3" data-testid="planning-vision-reminder">
        {t.reminderMissing} <Link to="/athletic-vision-welcome">{t.reminderWrite}</Link>
      </p>
    );
  }
  return (
    <aside className="planning-reminder rounded-3 p-3 mb-4" aria-label={t.reminderHeading} data-testid="planning-vision-reminder">
      <p className="small text-uppercase fw-semibold mb-2">{t.reminderHeading}</p>
      {vision.athletic && (
        <p className="mb-2 planning-answer-text">
          <span className="fw-semibold">{t.visionAthletic}: </span>
          {vision.athletic}
        </p>
      )}
      {vision.yearGoal && (
        <p className="mb-0 planning-answer-text">
          <span className="fw-semibold">{t.visionYearGoal}: </span>
          {vision.yearGoal}
        </p>
      )}
    </aside>
  );
}
