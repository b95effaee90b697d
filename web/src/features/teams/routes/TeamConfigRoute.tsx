import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { QUICK_TOAST, toastSuccess } from '@/lib/toast';
import { useTeamMembers } from '../api/get-team-members';
import { usePromoteMember } from '../api/promote-member';
import { InviteMembers } from '../components/InviteMembers';
import { LeaveTeamDialog } from '../components/LeaveTeamDialog';
import { MemberCard } from '../components/MemberCard';
import { PromotionNotice } from '../components/PromotionNotice';
import { RemoveMemberDialog } from '../components/RemoveMemberDialog';
import { TeamNameForm } from '../components/TeamNameForm';
import { TeamTabs } from '../components/TeamTabs';
import { displayName, type TeamMember, type TeamMembers } from '../team';
import { teamTexts as t } from '../texts';

/** /account/team-config (SPEC §2, §4, §6). */
export function TeamConfigRoute() {
  const team = useTeamMembers();

  let body;
  if (team.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (team.isError) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <span>{t.loadFailed}</span>
        <Button variant="outline-danger" onClick={() => void team.refetch()} disabled={team.isFetching}>
          {t.retry}
        </Button>
      </Alert>
    );
  } else if (team.data === null) {
    body = (
      <Card className="shadow-sm" data-testid="no-team">
        <Card.Body className="p-4">
          <h3 className="h5">{t.noTeam.heading}</h3>
          <p>{t.noTeam.body}</p>
          <p className="text-body-secondary mb-3">{t.noTeam.hint}</p>
          <Link to="/choose-a-plan" className="btn btn-outline-primary">
            {t.noTeam.plans}
          </Link>
        </Card.Body>
      </Card>
    );
  } else {
    body = <TeamScreen team={team.data} />;
  }

  return (
    <section aria-labelledby="team-title">
      <h2 className="h4 mb-3" id="team-title">
        {t.teamTitle}
      </h2>
      {body}
    </section>
  );
}

function TeamScreen({ team }: { team: TeamMembers }) {
  const { user } = useAuth();
  const promote = usePromoteMember();
  const [removal, setRemoval] = useState<{ member: TeamMember | null; show: boolean }>({ member: null, show: false });
  const [leaving, setLeaving] = useState(false);
  const isAdmin = team.myRole === 'admin';
  const myId = user?.id ?? '';

  return (
    <>
      {isAdmin && <TeamTabs />}
      {team.myRole === 'pending_admin' && <PromotionNotice teamName={team.teamName} />}
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-4">
          <TeamNameForm teamName={team.teamName} canEdit={isAdmin} />
          <p className="mb-4" data-testid="team-seats">
            <span className="fw-semibold">{t.seats.label}:</span> {t.seats.used(team.seatsUsed, team.seats)}
          </p>
          {isAdmin && <InviteMembers subscribed={team.subscribed} />}
        </Card.Body>
      </Card>

      <h3 className="h5 mb-3">{t.members.title}</h3>
      <Row xs={1} sm={2} lg={3} xl={4} className="g-3" data-testid="team-members">
        {team.members.map((member) => (
          <MemberCard
            key={member.id}
            member={member}
            isMe={member.userId === myId}
            myRole={team.myRole}
            promoting={promote.isPending}
            onRemove={(target) => setRemoval({ member: target, show: true })}
            onPromote={(target) =>
              promote.mutate(target.userId, {
                onSuccess: () => toastSuccess(t.members.promoted(displayName(target, t.members.unknown)), QUICK_TOAST),
              })
            }
            onLeave={() => setLeaving(true)}
          />
        ))}
      </Row>

      {isAdmin && (
        <RemoveMemberDialog
          member={removal.member}
          show={removal.show}
          onClose={() => setRemoval((current) => ({ ...current, show: false }))}
        />
      )}
      {!isAdmin && (
        <LeaveTeamDialog show={leaving} teamName={team.teamName} userId={myId} onClose={() => setLeaving(false)} />
      )}
    </>
  );
}
