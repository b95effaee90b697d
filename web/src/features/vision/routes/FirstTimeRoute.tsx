import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { NotebookArt } from '@/components/art/NotebookArt';
import { useVision } from '@/lib/queries/vision';
import { FIRST_STEP_PATH, PLAY_PATH } from '../steps';
import { visionTexts as t } from '../texts';

/** /athletic-vision-first-time-q: 'Updating vision' only once a vision is saved (SPEC §6). */
export function FirstTimeRoute() {
  const vision = useVision();
  return (
    <Container className="swaz-hero text-center vision-narrow">
      <NotebookArt />
      <h1 className="swaz-hero-title mb-3">{t.welcomeTitle}</h1>
      <p className="swaz-hero-question mx-auto mb-4">{t.firstTimeQuestion}</p>
      <div className="d-grid gap-3 mx-auto vision-choices">
        <Link to={FIRST_STEP_PATH} className="btn btn-primary btn-lg swaz-cta">
          {t.firstTime}
        </Link>
        {vision.data && (
          <Link to={PLAY_PATH} className="btn btn-outline-primary btn-lg">
            {t.updatingVision}
          </Link>
        )}
      </div>
    </Container>
  );
}
