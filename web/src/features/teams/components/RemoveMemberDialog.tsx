import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { QUICK_TOAST, toastSuccess } from '@/lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { displayName, REMOVAL_REASON_MAX, type TeamMember } from '../team';
import { teamTexts } from '../texts';

const t = teamTexts.remove;

/** The reason is required: it is e-mailed to the member (DESIGN §4). */
const reasonSchema = z.object({
  reason: z.string().trim().min(1, t.reasonRequired).max(REMOVAL_REASON_MAX, t.reasonTooLong),
});
type ReasonValues = z.infer<typeof reasonSchema>;

interface RemoveMemberDialogProps {
  /** The member to remove; kept while the dialog fades out. */
  member: TeamMember | null;
  show: boolean;
  onClose: () => void;
}

/** Confirmation of a removal, asking the admin for the reason. */
export function RemoveMemberDialog({ member, show, onClose }: RemoveMemberDialogProps) {
  const remove = useRemoveMember();
  const form = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;
  const name = member ? displayName(member, teamTexts.members.unknown) : '';

  const onSubmit = form.handleSubmit((values) => {
    if (!member) return;
    remove.mutate(
      { user_id: member.userId, reason: values.reason },
      {
        onSuccess: () => {
          toastSuccess(t.removed(name), QUICK_TOAST);
          onClose();
        },
      },
    );
  });

  return (
    <Modal
      show={show}
      onHide={remove.isPending ? () => undefined : onClose}
      onExited={() => form.reset({ reason: '' })}
      centered
      aria-labelledby="team-remove-title"
    >
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="team-remove-title" as="h2" className="h5">
            {t.title(name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t.body}</p>
          <Form.Group controlId="team-remove-reason">
            <Form.Label>{t.reasonLabel}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={REMOVAL_REASON_MAX}
              disabled={remove.isPending}
              isInvalid={Boolean(error)}
              {...form.register('reason')}
            />
            {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={remove.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? t.removing : t.confirm}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
