import Container from 'react-bootstrap/Container';
import { Link, Navigate } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useSavedVision } from '../api/use-saved-vision';
import { VersionsList } from '../components/VersionsList';
import { formatLongDate } from '../components/format';
import { EDIT_PATH, FIRST_STEP_PATH, PLAY_PATH, answerKey, revisePath } from '../steps';
import { visionSteps, visionTexts as t } from '../texts';

/** /athletic-vision-review: the saved vision read-only, one Revise link per step. */
export function ReviewRoute() {
  const vision = useSavedVision();
  if (vision.settling) return <Spinner />;
  if (vision.isError) {
    return (
      <Container className="py-5">
        <h1>{t.reviewTitle}</h1>
        <p className="text-danger" role="alert">
          {vision.error.message}
        </p>
      </Container>
    );
  }
  const saved = vision.data;
  if (!saved) return <Navigate to={FIRST_STEP_PATH} replace />;

  return (
    <Container className="py-4 py-md-5 vision-step">
      <h1 className="mb-2">{t.reviewTitle}</h1>
      <p className="lead mb-1">{t.reviewLead}</p>
      <p className="text-muted small mb-4">{t.lastSaved(formatLongDate(saved.updatedAt))}</p>
      <dl className="vision-answers">
        {visionSteps.map((step) => (
          <div key={step.order} className="vision-answer" data-testid={`vision-answer-${step.order}`}>
            <dt className="d-flex justify-content-between align-items-baseline gap-3">
              <span>{step.title}</span>
              <Link to={revisePath(step)} className="small fw-normal">
                {t.revise}
                <span className="visually-hidden"> {step.title}</span>
              </Link>
            </dt>
            <dd className="vision-answer-text">{saved[answerKey(step)]}</dd>
          </div>
        ))}
      </dl>
      <div className="d-flex flex-wrap gap-3 my-4">
        <Link to={EDIT_PATH} className="btn btn-outline-primary btn-lg">
          {t.editAll}
        </Link>
        <Link to={PLAY_PATH} className="btn btn-primary btn-lg">
          {t.playWithConfidence}
        </Link>
      </div>
      <VersionsList current={saved} />
    </Container>
  );
}
