import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { MindArt } from '@/components/art/MindArt';
import { visionTexts as t } from '../texts';

/** /athletic-vision-next: a quote about designing your mind, then Continue. */
export function NextRoute() {
  return (
    <Container className="swaz-hero text-center vision-narrow">
      <h1 className="visually-hidden">{t.welcomeTitle}</h1>
      <MindArt />
      <figure className="mb-4 mx-auto swaz-hero-quote">
        <blockquote className="blockquote vision-quote">
          <p>{t.nextQuote}</p>
        </blockquote>
        <figcaption className="blockquote-footer mt-2">{t.nextQuoteSource}</figcaption>
      </figure>
      <Link to="/athletic-vision-first-time-q" className="btn btn-primary btn-lg swaz-cta">
        {t.continue}
      </Link>
    </Container>
  );
}
