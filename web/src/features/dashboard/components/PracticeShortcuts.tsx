import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { isEvening } from '../bedtime';
import { dashboardTexts } from '../texts';
import { useNow } from './use-now';

const t = dashboardTexts.shortcuts;

/**
 * Every practice screen one click away: the vision (play, read and revise, with
 * tonight's routine in the evening), planning and the logs.
 */
export function PracticeShortcuts({ timeZone, visionComplete }: { timeZone: string; visionComplete: boolean }) {
  const evening = isEvening(useNow(), timeZone);
  return (
    <div className="row g-4 mb-4">
      {visionComplete && (
        <div className="col-md-6">
          <Card
            as="section"
            className={`h-100 shadow-sm ${evening ? 'dashboard-tonight' : ''}`}
            aria-labelledby="vision-shortcuts-heading"
          >
            <Card.Body>
              <h2 id="vision-shortcuts-heading" className="h5">
                {evening ? t.tonight : t.vision}
              </h2>
              <p className="small mb-3">{evening ? t.tonightLead : t.visionLead}</p>
              <div className="d-flex flex-wrap gap-2">
                <Link to="/athletic-vision" className={`btn ${evening ? 'btn-warning' : 'btn-primary'}`}>
                  {evening ? t.playTonight : t.play}
                </Link>
                <Link to="/athletic-vision-review" className="btn btn-outline-secondary">
                  {t.revise}
                </Link>
              </div>
            </Card.Body>
          </Card>
        </div>
      )}
      <div className={visionComplete ? 'col-md-6' : 'col-12'}>
        <Card as="section" className="h-100 shadow-sm" aria-labelledby="plan-shortcuts-heading">
          <Card.Body>
            <h2 id="plan-shortcuts-heading" className="h5">
              {t.planning}
            </h2>
            <p className="small mb-3">{t.planningLead}</p>
            <div className="d-flex flex-wrap gap-2">
              <Link to="/daily-action-welcome" className="btn btn-primary">
                {t.planDay}
              </Link>
              <Link to="/weekly-map-welcome" className="btn btn-outline-primary">
                {t.planWeek}
              </Link>
              <Link to="/daily-logs" className="btn btn-outline-secondary">
                {t.logs}
              </Link>
            </div>
          </Card.Body>
        </Card>
      </div>
    </div>
  );
}
