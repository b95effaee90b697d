import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { QUICK_TOAST, toastError, toastSuccess } from '@/lib/toast';
import { useLeaveTeam } from '../api/leave-team';
import { teamTexts } from '../texts';

const t = teamTexts.leave;

interface LeaveTeamDialogProps {
  show: boolean;
  teamName: string;
  userId: string;
  onClose: () => void;
}

/** Confirmation before a member leaves; on success they are signed out and sent home (SPEC §4). */
export function LeaveTeamDialog({ show, teamName, userId, onClose }: LeaveTeamDialogProps) {
  const leave = useLeaveTeam();
  const { signOut } = useAuth();
  const navigate = useNavigate();

  const onLeave = () =>
    leave.mutate(userId, {
      onSuccess: async () => {
        toastSuccess(t.left, QUICK_TOAST);
        onClose();
        // Home first: the guard then sends a signing-out member home, not to login.
        void navigate('/');
        const { error } = await signOut();
        if (error) toastError(`${t.signOutFailed}${error.message}`);
      },
    });

  return (
    <Modal show={show} onHide={leave.isPending ? () => undefined : onClose} centered aria-labelledby="team-leave-title">
      <Modal.Header closeButton>
        <Modal.Title id="team-leave-title" as="h2" className="h5">
          {t.title(teamName)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t.hint}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={leave.isPending}>
          {t.cancel}
        </Button>
        <Button variant="danger" onClick={onLeave} disabled={leave.isPending}>
          {leave.isPending ? t.leaving : t.confirm}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
