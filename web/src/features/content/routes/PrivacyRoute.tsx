import Container from 'react-bootstrap/Container';
import { contentTexts } from '../texts';

export function PrivacyRoute() {
  return (
    <Container className="py-5 prose">
      <h1>{contentTexts.privacyTitle}</h1>
      <p>
        SWAZ keeps the personal data it needs to run your membership: your name, e-mail address, the answers you
        write in your Athletic Vision, daily actions and weekly maps, and your notification settings.
      </p>
      <h2 className="h4">Payments</h2>
      <p>Card payments are handled by our payment provider. SWAZ never stores your full card number.</p>
      <h2 className="h4">Your answers</h2>
      <p>Your written answers are private to you. Team admins see your name and role, never your answers.</p>
      <h2 className="h4">E-mail</h2>
      <p>We e-mail you about your account and the reminders you switch on. You can turn reminders off at any time.</p>
      <h2 className="h4">Contact</h2>
      <p>Questions about your data? Use the contact page and we will answer.</p>
    </Container>
  );
}
