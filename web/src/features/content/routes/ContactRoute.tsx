import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ContactForm } from '../components/ContactForm';
import { contentTexts as t } from '../texts';

export function ContactRoute() {
  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col lg={8}>
          <h1>{t.contactTitle}</h1>
          <p className="lead mb-4">{t.contact.lead}</p>
          <ContactForm />
        </Col>
      </Row>
    </Container>
  );
}
