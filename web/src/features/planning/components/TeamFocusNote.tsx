import Form from 'react-bootstrap/Form';
import { useTeamFocus } from '@/lib/queries/team-focus';
import { planningTexts as t } from '../texts';

interface TeamFocusNoteProps {
  /** The athlete's answer: today's plan works on the focus. */
  towardFocus: boolean;
  onTowardFocus: (on: boolean) => void;
}

/**
 * The week's focus the coach set, above the plan questions, with the athlete's own say whether
 * today's plan works on it; nothing outside a team or before a focus is set.
 */
export function TeamFocusNote({ towardFocus, onTowardFocus }: TeamFocusNoteProps) {
  const focus = useTeamFocus();
  const text = focus.data?.text?.trim();
  if (!text) return null;
  return (
    <aside className="planning-focus rounded-3 p-3 mb-3" aria-label={t.teamFocusHeading} data-testid="planning-team-focus">
      <p className="small text-uppercase fw-semibold mb-1">{t.teamFocusHeading}</p>
      <p className="mb-2 planning-answer-text">{text}</p>
      <Form.Check
        type="checkbox"
        id="planning-toward-focus"
        className="planning-toward-focus mb-0"
        label={t.towardFocus}
        checked={towardFocus}
        onChange={(event) => onTowardFocus(event.target.checked)}
        aria-describedby="planning-toward-focus-hint"
      />
      <p className="small text-body-secondary mb-0 ms-4" id="planning-toward-focus-hint">
        {t.towardFocusHint}
      </p>
    </aside>
  );
}
