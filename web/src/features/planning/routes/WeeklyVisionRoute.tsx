import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useVision } from '@/lib/queries/vision';
import { toReminder } from '../components/use-vision-reminder';
import { planningTexts as t } from '../texts';

/** /weekly-map-athletic-vision: the athlete's vision as the first step of weekly planning. */
export function WeeklyVisionRoute() {
  const vision = useVision();
  const reminder = toReminder(vision.data);

  return (
    <Container className="py-5 planning-narrow">
      <p className="text-uppercase text-muted fw-semibold small mb-1">{t.weeklyMapTitle}</p>
      <h1 className="h2 mb-3">{t.weeklyMapVisionTitle}</h1>
      {vision.isPending ? (
        <Spinner label={t.loading} />
      ) : reminder ? (
        <>
          <p className="lead">{t.visionStepLead}</p>
          <section className="planning-reminder rounded-3 p-4 mb-4" data-testid="weekly-vision">
            {reminder.athletic && (
              <>
                <h2 className="h6 text-uppercase fw-semibold">{t.visionAthletic}</h2>
                <p className="planning-answer-text fs-5">{reminder.athletic}</p>
              </>
            )}
            {reminder.yearGoal && (
              <>
                <h2 className="h6 text-uppercase fw-semibold">{t.visionYearGoal}</h2>
                <p className="planning-answer-text fs-5 mb-0">{reminder.yearGoal}</p>
              </>
            )}
          </section>
          <Link to="/weekly-map-create" className="btn btn-primary btn-lg px-5">
            {t.continue}
          </Link>
        </>
      ) : (
        <>
          <Alert variant={vision.isError ? 'warning' : 'info'}>
            {vision.isError ? t.visionLoadFailed : t.visionMissing}
          </Alert>
          <div className="d-flex flex-wrap gap-3">
            <Link to="/athletic-vision-welcome" className="btn btn-primary btn-lg">
              {t.writeVision}
            </Link>
            <Link to="/weekly-map-create" className="btn btn-outline-secondary btn-lg">
              {t.planWithoutVision}
            </Link>
          </div>
        </>
      )}
    </Container>
  );
}
