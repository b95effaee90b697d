import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { HorizonArt } from '@/components/art/HorizonArt';
import { SavingNeedsMembership } from '@/components/ui/SavingNeedsMembership';
import { useFirstName } from '@/lib/queries/first-name';
import { visionTexts as t } from '../texts';

/** /athletic-vision-welcome: the sunrise, the heading, the member's first name and Start. */
export function WelcomeRoute() {
  const name = useFirstName(t.athleteFallbackName);
  return (
    <Container className="swaz-hero text-center vision-narrow">
      <HorizonArt />
      <h1 className="swaz-hero-title mb-1">{t.welcomeTitle}</h1>
      <p className="swaz-hero-name mb-2" data-testid="vision-first-name">
        {name}
      </p>
      <p className="swaz-hero-lead mx-auto mb-4">{t.welcomeLine}</p>
      <SavingNeedsMembership />
      <Link to="/athletic-vision-next" className="btn btn-primary btn-lg swaz-cta">
        {t.start}
      </Link>
    </Container>
  );
}
