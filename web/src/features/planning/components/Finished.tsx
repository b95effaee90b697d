import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { planningTexts as t } from '../texts';

/** After a save: 'Saved' and where to go next; the daily action also points to tonight's bedtime routine. */
export function Finished({ title, lead, bedtime }: { title: string; lead: string; bedtime: boolean }) {
  return (
    <Container className="py-5 text-center planning-narrow" data-testid="planning-finished">
      <p className="text-uppercase text-muted fw-semibold small mb-1">{title}</p>
      <h1 className="mb-3">{t.savedHeading}</h1>
      <p className="lead mb-4">{lead}</p>
      <div className="d-grid gap-3 mx-auto planning-actions">
        {bedtime && (
          <Link to="/athletic-vision" className="btn btn-primary btn-lg">
            {t.bedtimeRoutine}
          </Link>
        )}
        <Link to="/user-dashboard" className={`btn btn-lg ${bedtime ? 'btn-outline-primary' : 'btn-primary'}`}>
          {t.toDashboard}
        </Link>
        <Link to="/daily-logs" className="btn btn-outline-primary btn-lg">
          {t.toDailyLogs}
        </Link>
      </div>
    </Container>
  );
}
