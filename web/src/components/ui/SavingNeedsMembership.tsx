import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth-context';

/**
 * On the start screen of a wizard (daily action, weekly map, vision): a member without an
 * active membership hears before starting, not after the last step, that saving needs one.
 */
export function SavingNeedsMembership() {
  const { subscribed } = useAuth();
  if (subscribed) return null;
  return (
    <Alert variant="warning" className="text-start mx-auto mb-4" data-testid="saving-needs-membership">
      <p className="fw-semibold mb-1">Saving needs an active SWAZ membership.</p>
      <p className="mb-2">You can look through the questions, but your answers are saved only once you renew.</p>
      <Link to="/choose-a-plan" className="btn btn-dark btn-sm">
        Renew membership
      </Link>
    </Alert>
  );
}
