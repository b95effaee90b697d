import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api/errors';
import { useAthlete } from '../api/get-athlete';
import { contentTexts as t } from '../texts';

/** `/inspiration/{athlete}`: the athlete is matched by partial name on the server. */
export function AthleteRoute() {
  const { athlete = '' } = useParams();
  const vision = useAthlete(athlete);

  return (
    <Container className="py-5">
      {vision.isPending && <Spinner />}
      {vision.isError && (
        <>
          <h1>{t.visionTitle}</h1>
          <p role="alert" className="text-danger">
            {vision.error instanceof ApiError && vision.error.status === 404 ? t.athleteNotFound : t.athleteFailed}
          </p>
        </>
      )}
      {vision.data && (
        <Row className="g-4">
          <Col md={4}>
            <img src={vision.data.picUrl} alt="" width={400} height={400} className="img-fluid rounded shadow-sm" />
          </Col>
          <Col md={8}>
            <h1 className="mb-1">{vision.data.name}</h1>
            <p className="text-body-secondary mb-3">{vision.data.sport}</p>
            <h2 className="h4">{t.visionTitle}</h2>
            {/* Static text shipped with the server (server/src/content/inspiration.rs), never user input. */}
            <div className="prose athlete-vision" dangerouslySetInnerHTML={{ __html: vision.data.text }} />
            <p className="small text-body-secondary">{t.inspirationNote}</p>
          </Col>
        </Row>
      )}
      <div className="d-flex flex-wrap gap-3 mt-4">
        <Link to="/inspiration">{t.allAthletes}</Link>
        <Link to="/athletic-vision-welcome">{t.writeYours}</Link>
      </div>
    </Container>
  );
}
