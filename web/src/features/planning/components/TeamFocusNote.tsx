import { useTeamFocus } from '@/lib/queries/team-focus';
import { planningTexts as t } from '../texts';

/** The week's focus the coach set, above the plan questions; nothing outside a team or without one. */
export function TeamFocusNote() {
  const focus = useTeamFocus();
  const text = focus.data?.text?.trim();
  if (!text) return null;
  return (
    <aside className="planning-focus rounded-3 p-3 mb-3" aria-label={t.teamFocusHeading} data-testid="planning-team-focus">
      <p className="small text-uppercase fw-semibold mb-1">{t.teamFocusHeading}</p>
      <p className="mb-0 planning-answer-text">{text}</p>
    </aside>
  );
}
