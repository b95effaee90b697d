import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';

/**
 * Shown to signed-in members whose membership is not active (the profile has
 * no PAID role): what still works, and the way back in.
 */
export function RenewPrompt() {
  return (
    <Container className="pt-3">
      <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0" data-testid="renew-prompt">
        <span className="me-auto">
          Your SWAZ membership is not active. Your vision and logs stay yours to read; renew to keep
          writing and planning.
        </span>
        <Link to="/choose-a-plan" className="btn btn-dark btn-sm">
          Renew membership
        </Link>
      </Alert>
    </Container>
  );
}
