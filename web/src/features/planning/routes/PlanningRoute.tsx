import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { PathArt } from '@/components/art/PathArt';
import { planningTexts as t } from '../texts';

/** 'Planning my:' Week or Day, under a trail of milestones. */
export function PlanningRoute() {
  return (
    <Container className="swaz-hero text-center planning-narrow">
      <PathArt />
      <h1 className="swaz-hero-title mb-2">{t.planningTitle}</h1>
      <p className="swaz-hero-lead mx-auto mb-4">{t.planningLine}</p>
      <div className="d-grid gap-3 mx-auto planning-choices">
        <Link to="/weekly-map-welcome" className="btn btn-primary btn-lg swaz-cta">
          {t.week}
        </Link>
        <Link to="/daily-action-welcome" className="btn btn-primary btn-lg swaz-cta">
          {t.day}
        </Link>
      </div>
    </Container>
  );
}
