import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { SummitArt } from '@/components/art/SummitArt';
import { useFirstName } from '@/lib/queries/first-name';
import { VisionCelebration } from '../components/VisionCelebration';
import { REVIEW_PATH } from '../steps';
import { visionTexts as t } from '../texts';

/** /athletic-vision-completion: the summit, congratulations by first name, then the review. */
export function CompletionRoute() {
  const name = useFirstName(t.athleteFallbackName);
  return (
    <Container className="py-5 text-center vision-narrow">
      <SummitArt />
      <h1 className="swaz-hero-title mb-3">{t.completionTitle(name)}</h1>
      <p className="swaz-hero-lead mx-auto mb-4">{t.completionBody}</p>
      <Link to={REVIEW_PATH} className="btn btn-primary btn-lg swaz-cta">
        {t.readMe}
      </Link>
      <VisionCelebration />
    </Container>
  );
}
