import { dashboardTexts } from '../texts';

const t = dashboardTexts.teamFocus;

/** The week's focus the athlete's coach set for the team. */
export function TeamFocusCard({ text }: { text: string }) {
  return (
    <section className="dashboard-focus rounded-3 p-3 p-md-4 mb-4 shadow-sm" aria-labelledby="team-focus-heading" data-testid="team-focus">
      <h2 id="team-focus-heading" className="h6 text-uppercase fw-semibold mb-1">
        {t.heading}
      </h2>
      <p className="fs-5 mb-0 dashboard-focus-text">{text}</p>
    </section>
  );
}
