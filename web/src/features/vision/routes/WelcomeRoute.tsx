import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { SavingNeedsMembership } from '@/components/ui/SavingNeedsMembership';
import { useFirstName } from '@/lib/queries/first-name';
import { visionTexts as t } from '../texts';

/** /athletic-vision-welcome: the heading, the member's first name and Start. */
export function WelcomeRoute() {
  const name = useFirstName(t.athleteFallbackName);
  return (
    <Container className="py-5 text-center vision-narrow">
      <h1 className="mb-2">{t.welcomeTitle}</h1>
      <p className="lead fs-3 mb-4" data-testid="vision-first-name">
        {name}
      </p>
      <SavingNeedsMembership />
      <Link to="/athletic-vision-next" className="btn btn-primary btn-lg px-5">
        {t.start}
      </Link>
    </Container>
  );
}
