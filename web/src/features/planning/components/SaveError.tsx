import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api/errors';
import { planningTexts as t } from '../texts';

/** The server's reason a save failed; a 403 (membership not active) also offers the plans page. */
export function SaveError({ error }: { error: unknown }) {
  const message = error instanceof ApiError && error.detail ? error.detail : t.saveFailed;
  const renew = error instanceof ApiError && error.status === 403;
  return (
    <Alert variant="danger" role="alert" data-testid="planning-save-error">
      <p className="mb-0">{message}</p>
      {renew && (
        <Link to="/choose-a-plan" className="alert-link d-inline-block mt-2">
          {t.renewMembership}
        </Link>
      )}
    </Alert>
  );
}
