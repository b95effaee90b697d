import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { athleteSlug, useAthletes } from '../api/get-athletes';
import { contentTexts as t } from '../texts';

/** The four inspiration athletes, each linking to their hypothetical vision. */
export function InspirationRoute() {
  const athletes = useAthletes();
  return (
    <Container className="py-5">
      <h1>{t.inspirationTitle}</h1>
      <p className="lead">{t.inspirationLead}</p>
      {athletes.isPending && <Spinner />}
      {athletes.isError && (
        <p role="alert" className="text-danger">
          {t.athletesFailed}
        </p>
      )}
      {athletes.data && (
        <Row xs={1} sm={2} lg={4} className="g-4 mt-1" as="ul" aria-label="Athletes" style={{ listStyle: 'none', paddingLeft: 0 }}>
          {athletes.data.map((athlete) => (
            <Col key={athlete.name} as="li">
              <Card className="h-100 shadow-sm border-0">
                <Card.Img variant="top" src={athlete.picUrl} alt="" width={400} height={400} className="h-auto" />
                <Card.Body>
                  <Card.Title as="h2" className="h5">
                    {athlete.name}
                  </Card.Title>
                  <Card.Text className="text-body-secondary">{athlete.sport}</Card.Text>
                  <Link
                    to={`/inspiration/${athleteSlug(athlete.name)}`}
                    className="stretched-link"
                    aria-label={t.readVision(athlete.name)}
                  >
                    {t.visionTitle}
                  </Link>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <p className="small text-body-secondary mt-4">{t.inspirationNote}</p>
    </Container>
  );
}
