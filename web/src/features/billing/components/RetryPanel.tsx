import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import BsSpinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { billingTexts } from '../texts';

const t = billingTexts.firstFlow;

interface RetryPanelProps {
  timeout: boolean;
  message: string;
  retrying: boolean;
  onRetry: () => void;
}

/** SPEC §8: the first flow's retry panel, with a time-out variant. */
export function RetryPanel({ timeout, message, retrying, onRetry }: RetryPanelProps) {
  return (
    <Card className={`shadow-sm mx-auto border-${timeout ? 'warning' : 'danger'}`} style={{ maxWidth: '36rem' }}>
      <Card.Body className="p-4 text-center">
        <h1 className="h3 mb-3">{timeout ? t.timeoutTitle : t.issueTitle}</h1>
        <p className="fw-semibold mb-1">{t.paymentOk}</p>
        <p className="mb-3">{t.setupTime}</p>
        <p className="text-muted small mb-4" role="alert">
          {message}
        </p>
        <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center mb-4">
          <Button onClick={onRetry} disabled={retrying} aria-busy={retrying}>
            {retrying && <BsSpinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {timeout ? t.checkAgain : t.tryAgain}
          </Button>
          <Link to="/auth/login" className="btn btn-outline-primary">
            {timeout ? t.goToLogin : t.tryLoggingIn}
          </Link>
        </div>
        <p className="small mb-0">
          {t.supportBefore}
          <Link to="/contact">{t.supportLink}</Link>
          {t.supportAfter}
        </p>
      </Card.Body>
    </Card>
  );
}
