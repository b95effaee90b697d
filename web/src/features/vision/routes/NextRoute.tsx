import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { visionTexts as t } from '../texts';

/** /athletic-vision-next: a quote about designing your mind, then Continue. */
export function NextRoute() {
  return (
    <Container className="py-5 text-center vision-narrow">
      <h1 className="visually-hidden">{t.welcomeTitle}</h1>
      <figure className="mb-5">
        <blockquote className="blockquote vision-quote">
          <p>{t.nextQuote}</p>
        </blockquote>
        <figcaption className="blockquote-footer mt-2">{t.nextQuoteSource}</figcaption>
      </figure>
      <Link to="/athletic-vision-first-time-q" className="btn btn-primary btn-lg px-5">
        {t.continue}
      </Link>
    </Container>
  );
}
