import { useId, useState, type ComponentProps } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

type PasswordInputProps = Omit<ComponentProps<typeof Form.Control>, 'type'> & {
  label: string;
  error?: string;
  /** The rules, shown under the field before anything is typed. */
  hint?: string;
};

/** A password field that toggles between hidden and visible (SPEC §4). */
export function PasswordInput({ label, error, hint, id, ref, ...rest }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId={inputId}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          ref={ref}
          type={visible ? 'text' : 'password'}
          isInvalid={Boolean(error)}
          aria-describedby={hint ? hintId : undefined}
          {...rest}
        />
        <Button
          variant="outline-secondary"
          type="button"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
        {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
      </InputGroup>
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
