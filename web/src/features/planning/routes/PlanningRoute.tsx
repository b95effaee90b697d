import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { planningTexts as t } from '../texts';

/** 'Planning my:' Week or Day. */
export function PlanningRoute() {
  return (
    <Container className="py-5 text-center">
      <h1 className="mb-4">{t.planningTitle}</h1>
      <div className="d-grid gap-3 mx-auto planning-choices">
        <Link to="/weekly-map-welcome" className="btn btn-primary btn-lg">
          {t.week}
        </Link>
        <Link to="/daily-action-welcome" className="btn btn-primary btn-lg">
          {t.day}
        </Link>
      </div>
    </Container>
  );
}
