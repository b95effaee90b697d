import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { contentTexts as t } from '../texts';

/** SPEC §1: a placeholder page, saying plainly what is coming. */
export function MeditationsRoute() {
  return (
    <Container className="py-5 prose">
      <h1>{t.meditationsTitle}</h1>
      <p className="lead">{t.meditations.lead}</p>
      <p>{t.meditations.body}</p>
      <p>{t.meditations.meanwhile}</p>
      <Link to="/sleep-well" className="btn btn-primary">
        {t.meditations.sleepWell}
      </Link>
    </Container>
  );
}
