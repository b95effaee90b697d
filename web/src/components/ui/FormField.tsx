import { useId, type ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';

type FormFieldProps = ComponentProps<typeof Form.Control> & {
  label: string;
  error?: string;
  groupClassName?: string;
};

/** A labelled Bootstrap input with its validation message. */
export function FormField({ label, error, id, groupClassName = 'mb-3', ...rest }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Form.Group className={groupClassName} controlId={inputId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control isInvalid={Boolean(error)} {...rest} />
      {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}
