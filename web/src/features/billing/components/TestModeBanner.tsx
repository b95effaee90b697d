import Alert from 'react-bootstrap/Alert';
import { billingTexts } from '../texts';

const t = billingTexts.checkout;

/** DESIGN §3: the local provider is clearly labelled as test mode, with Stripe's test cards. */
export function TestModeBanner() {
  return (
    <Alert variant="warning" className="mb-4" data-testid="test-mode-banner">
      <p className="fw-bold mb-1">{t.testMode}</p>
      <p className="mb-1">{t.testCardsIntro}</p>
      <ul className="mb-1 ps-3">
        <li>
          <span className="font-monospace">4242 4242 4242 4242</span> {t.testCardSucceeds}
        </li>
        <li>
          <span className="font-monospace">4000 0000 0000 0002</span> {t.testCardDeclined}
        </li>
      </ul>
      <p className="small mb-0">{t.testCardHint}</p>
    </Alert>
  );
}
