import Container from 'react-bootstrap/Container';
import { contentTexts } from '../texts';

export function InspirationRoute() {
  return (
    <Container className="py-5">
      <h1>{contentTexts.inspirationTitle}</h1>
      <p className="lead">{contentTexts.inspirationLead}</p>
    </Container>
  );
}
