import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { MoonArt } from '@/components/art/MoonArt';
import { contentTexts as t } from '../texts';

/** SPEC §1: a placeholder page, saying plainly what is coming, under a quiet night sky. */
export function MeditationsRoute() {
  return (
    <Container className="swaz-hero prose">
      <MoonArt />
      <h1 className="swaz-hero-title text-center mb-2">{t.meditationsTitle}</h1>
      <p className="swaz-hero-lead text-center mx-auto mb-4">{t.meditations.lead}</p>
      <p>{t.meditations.body}</p>
      <p className="mb-4">{t.meditations.meanwhile}</p>
      <div className="text-center">
        <Link to="/sleep-well" className="btn btn-primary btn-lg swaz-cta">
          {t.meditations.sleepWell}
        </Link>
      </div>
    </Container>
  );
}
