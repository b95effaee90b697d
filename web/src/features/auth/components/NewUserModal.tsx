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
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="new-user-title">
      <Modal.Header closeButton>
        <Modal.Title id="new-user-title">{authTexts.newUserTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">{authTexts.newUserPasswordLabel}:</p>
        <p className="fs-5 fw-bold font-monospace user-select-all" data-testid="generated-password">
          {password}
        </p>
        <p className="mb-0">Please {authTexts.newUserAdvice}.</p>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{authTexts.newUserClose}</Button>
      </Modal.Footer>
    </Modal>
  );
}
