import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/errors';
import { errorText } from '@/lib/toast';
import { useAcceptInvite } from '../api/accept-invite';
import { teamTexts } from '../texts';

const t = teamTexts.invitePage;

interface JoinTeamProps {
  hash: string;
  teamName: string;
  email: string | undefined;
}

/** The signed-in athlete joins with one click, then goes to the dashboard (DESIGN §4). */
export function JoinTeam({ hash, teamName, email }: JoinTeamProps) {
  const accept = useAcceptInvite(hash);
  const navigate = useNavigate();
  // 409 (already in a team, team full, not subscribed) and 404 carry a sentence to show as is.
  const refusal = accept.error
    ? accept.error instanceof ApiError && accept.error.detail
      ? accept.error.detail
      : errorText(accept.error, t.joinFailed)
    : null;

  return (
    <>
      {email && <p className="text-body-secondary">{t.signedInAs(email)}</p>}
      {refusal && (
        <Alert variant="warning" data-testid="join-refused">
          {refusal}{' '}
          <Link to="/user-dashboard" className="alert-link">
            {t.dashboard}
          </Link>
        </Alert>
      )}
      <Button
        size="lg"
        className="w-100"
        disabled={accept.isPending}
        onClick={() => accept.mutate(undefined, { onSuccess: () => navigate('/user-dashboard') })}
      >
        {accept.isPending ? t.joining : t.join(teamName)}
      </Button>
    </>
  );
}
