import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { useInvite } from '../api/get-invite';
import { JoinTeam } from '../components/JoinTeam';
import { RegisterForm } from '../components/RegisterForm';
import { teamTexts } from '../texts';

const t = teamTexts.invitePage;

/**
 * /teams/invite/:inviteHash (DESIGN §4): who invites to which team. Signed in,
 * the athlete joins with one click; signed out, they sign up (or log in) and
 * come back here.
 */
export function InviteRoute() {
  const { inviteHash = '' } = useParams();
  const invite = useInvite(inviteHash);
  const { session, user } = useAuth();
  const returnPath = `/teams/invite/${encodeURIComponent(inviteHash)}`;

  let body;
  if (invite.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (invite.isError) {
    body = <Alert variant="danger">{t.loadFailed}</Alert>;
  } else if (invite.data === null) {
    body = (
      <div className="text-center" data-testid="invite-invalid">
        <h1 className="h3 mb-3">{t.invalidHeading}</h1>
        <p className="text-body-secondary">{t.invalidBody}</p>
        <Link to="/" className="btn btn-primary">
          {t.home}
        </Link>
      </div>
    );
  } else {
    const { teamName, adminName, seatsLeft } = invite.data;
    body = (
      <>
        <p className="text-uppercase small fw-semibold text-body-secondary mb-2">{teamTexts.inviteTitle}</p>
        <h1 className="h3 mb-3">{t.heading(adminName, teamName)}</h1>
        <p className="mb-4">
          <Badge bg={seatsLeft > 0 ? 'success' : 'secondary'} pill data-testid="seats-left">
            {t.seatsLeft(seatsLeft)}
          </Badge>
        </p>
        {seatsLeft <= 0 && <Alert variant="warning">{t.noSeats}</Alert>}
        <section className="border rounded-3 p-3 mb-4 bg-body-tertiary" aria-labelledby="coach-sees" data-testid="coach-sees">
          <h2 className="h6" id="coach-sees">
            {t.coachSeesTitle}
          </h2>
          <p className="mb-2">{t.coachSees}</p>
          <p className="mb-2">{t.coachDoesNotSee}</p>
          <p className="small text-body-secondary mb-0">{t.coachSeesChange}</p>
        </section>
        {session ? (
          <JoinTeam hash={inviteHash} teamName={teamName} email={user?.email} />
        ) : (
          <>
            <h2 className="h5">{t.registerTitle}</h2>
            <p className="text-body-secondary">{t.registerLead}</p>
            <RegisterForm returnPath={returnPath} />
            <p className="mt-4 mb-0 text-center">
              <Link to={`/auth/login?returnUrl=${encodeURIComponent(returnPath)}`}>{t.haveAccount}</Link>
            </p>
          </>
        )}
      </>
    );
  }

  return (
    <Container className="py-5">
      <Card className="mx-auto shadow-sm invite-card">
        <Card.Body className="p-4 p-md-5">{body}</Card.Body>
      </Card>
    </Container>
  );
}
