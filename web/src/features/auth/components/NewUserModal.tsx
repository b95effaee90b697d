import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { authTexts } from '../texts';

interface NewUserModalProps {
  show: boolean;
  password: string;
  onClose: () => void;
}

/** Shown after the first checkout created the account with a generated password. */
export function NewUserModal({ show, password, onClose }: NewUserModalProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyPassword = () => {
    navigator.clipboard.writeText(password).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="new-user-title">
      <Modal.Header closeButton>
        <Modal.Title id="new-user-title">{authTexts.newUserTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">{authTexts.newUserPasswordLabel}:</p>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <p className="fs-5 fw-bold font-monospace user-select-all text-break mb-0" data-testid="generated-password">
            {password}
          </p>
          <Button variant="outline-primary" size="sm" onClick={copyPassword}>
            {copy === 'copied' ? authTexts.newUserCopied : authTexts.newUserCopy}
          </Button>
        </div>
        <p className="small mb-2" role="status">
          {copy === 'copied' && authTexts.newUserCopiedHint}
          {copy === 'failed' && authTexts.newUserCopyFailed}
        </p>
        <p className="mb-0">Please {authTexts.newUserAdvice}.</p>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{authTexts.newUserClose}</Button>
      </Modal.Footer>
    </Modal>
  );
}
