import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { contentTexts } from '../texts';

export function AthleteRoute() {
  const { athlete = '' } = useParams();
  return (
    <Container className="py-5">
      <h1 className="text-capitalize">{athlete.replace(/-/g, ' ')}</h1>
      <h2 className="h4">{contentTexts.visionTitle}</h2>
    </Container>
  );
}
