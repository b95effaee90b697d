import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ApiError } from '@/lib/api/errors';
import { useSendNudge, type NudgeOutcome } from '../api/send-nudge';
import { NUDGE_MAX } from '../board';
import { displayName } from '../team';
import { teamTexts } from '../texts';

const t = teamTexts.nudge;

/** Whom a nudge goes to: one athlete, or (`null`) everyone who has not practised today. */
export interface NudgeTarget {
  userId: string | null;
  name: string;
}

/**
 * Writes a short note (prefilled with a friendly default) and sends it by e-mail; then says who
 * got it and, in the server's words, why the others did not.
 */
export function NudgeDialog({ target, show, onClose }: { target: NudgeTarget | null; show: boolean; onClose: () => void }) {
  const send = useSendNudge();
  const [message, setMessage] = useState<string>(t.defaultMessage);
  const everyone = target?.userId === null;
  const outcome = send.data;
  const error = send.error instanceof ApiError && send.error.detail ? send.error.detail : send.error ? t.failed : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!target) return;
    send.mutate({ userIds: target.userId === null ? null : [target.userId], message });
  }

  const title = everyone ? t.titleEveryone : t.titleOne(target?.name ?? '');
  return (
    <Modal
      show={show}
      onHide={send.isPending ? () => undefined : onClose}
      onExited={() => {
        send.reset();
        setMessage(t.defaultMessage);
      }}
      centered
      aria-labelledby="team-nudge-title"
    >
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="team-nudge-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {outcome ? (
            <NudgeResult outcome={outcome} />
          ) : (
            <>
              <p className="mb-1">{everyone ? t.leadEveryone : t.leadOne(target?.name ?? '')}</p>
              <p className="small text-body-secondary">{t.onePerDay}</p>
              <Form.Group controlId="team-nudge-message">
                <Form.Label>{t.messageLabel}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  maxLength={NUDGE_MAX}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  disabled={send.isPending}
                  isInvalid={Boolean(error)}
                  aria-invalid={Boolean(error) || undefined}
                  aria-describedby="team-nudge-count"
                />
                <Form.Text id="team-nudge-count">{t.counter([...message].length, NUDGE_MAX)}</Form.Text>
              </Form.Group>
              {error && (
                <Alert variant="danger" className="mt-3 mb-0" data-testid="nudge-error">
                  {error}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          {outcome ? (
            <Button onClick={onClose}>{t.close}</Button>
          ) : (
            <>
              <Button variant="outline-secondary" onClick={onClose} disabled={send.isPending}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? t.sending : t.send}
              </Button>
            </>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function NudgeResult({ outcome }: { outcome: NudgeOutcome }) {
  const unknown = teamTexts.members.unknown;
  if (outcome.sent.length === 0 && outcome.skipped.length === 0) {
    return (
      <p className="mb-0" role="status" data-testid="nudge-nobody">
        {t.nobody}
      </p>
    );
  }
  return (
    <div role="status">
      {outcome.sent.length > 0 && (
        <>
          <h3 className="h6">
            <span aria-hidden="true">✓ </span>
            {t.sent(outcome.sent.length)}
          </h3>
          <ul data-testid="nudge-sent">
            {outcome.sent.map((athlete) => (
              <li key={athlete.userId}>{displayName(athlete, unknown)}</li>
            ))}
          </ul>
        </>
      )}
      {outcome.skipped.length > 0 && (
        <>
          <h3 className="h6">{t.skipped(outcome.skipped.length)}</h3>
          <ul className="mb-0" data-testid="nudge-skipped">
            {outcome.skipped.map((athlete) => (
              <li key={athlete.userId}>
                {displayName(athlete, unknown)}: {athlete.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
