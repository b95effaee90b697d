import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { useSendContactMessage } from '../api/send-contact-message';
import { contentTexts } from '../texts';

const t = contentTexts.contact;

/** The server's bounds (server/src/content/contact.rs). */
const MAX = { name: 100, subject: 200, message: 5000 } as const;

const required = (label: string, max: number) =>
  z.string().trim().min(1, t.required(label)).max(max, t.tooLong(label, max));

/** SPEC §5: all four fields required, the e-mail of type email. */
const contactSchema = z.object({
  name: required(t.name, MAX.name),
  email: z.string().trim().min(1, t.required(t.email)).regex(/^\S+@\S+\.\S+$/, t.invalidEmail),
  subject: required(t.subject, MAX.subject),
  message: required(t.message, MAX.message),
});
type ContactValues = z.infer<typeof contactSchema>;

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => send.mutate(values, { onSuccess: () => form.reset(EMPTY) }));

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Contact">
      <fieldset disabled={send.isPending}>
        <Row>
          <Col md={6}>
            <FormField label={t.name} autoComplete="name" required maxLength={MAX.name} error={errors.name?.message} {...form.register('name')} />
          </Col>
          <Col md={6}>
            <FormField
              label={t.email}
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
          </Col>
          <Col md={12}>
            <FormField label={t.subject} required maxLength={MAX.subject} error={errors.subject?.message} {...form.register('subject')} />
          </Col>
          <Col md={12}>
            <FormField
              label={t.message}
              as="textarea"
              rows={6}
              required
              maxLength={MAX.message}
              error={errors.message?.message}
              {...form.register('message')}
            />
          </Col>
        </Row>
      </fieldset>
      <Button type="submit" size="lg" className="fw-bold px-5" disabled={send.isPending}>
        {t.submit}
      </Button>
    </Form>
  );
}
