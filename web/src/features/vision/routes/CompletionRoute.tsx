import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useFirstName } from '@/lib/queries/first-name';
import { VisionCelebration } from '../components/VisionCelebration';
import { REVIEW_PATH } from '../steps';
import { visionTexts as t } from '../texts';

/** /athletic-vision-completion: congratulations by first name, then the review. */
export function CompletionRoute() {
  const name = useFirstName(t.athleteFallbackName);
  return (
    <Container className="py-5 text-center vision-narrow">
      <h1 className="mb-3">{t.completionTitle(name)}</h1>
      <p className="mb-4">{t.completionBody}</p>
      <Link to={REVIEW_PATH} className="btn btn-primary btn-lg px-4">
        {t.readMe}
      </Link>
      <VisionCelebration />
    </Container>
  );
}
