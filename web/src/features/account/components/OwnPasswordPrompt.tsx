import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '@/lib/auth';
import { askForOwnPasswordLater, ownPasswordLater } from '@/lib/own-password';
import { toastSuccess } from '@/lib/toast';
import { useChooseOwnPassword } from '../api/choose-own-password';
import { accountTexts } from '../texts';

const t = accountTexts.ownPassword;

const schema = z
  .object({
    password: z.string().min(1, t.fillFields).min(PASSWORD_MIN_LENGTH, t.tooShort),
    passwordConfirmation: z.string().min(1, t.fillFields),
  })
  .refine((v) => v.password === v.passwordConfirmation, { message: t.mismatch, path: ['passwordConfirmation'] });
type Values = z.infer<typeof schema>;

/**
 * Asks a member who has no password of their own (signed in by the confirmation link, or with the
 * generated one) to choose one. "Not now" holds for this visit; the next visit asks again.
 */
export function OwnPasswordPrompt() {
  const [later, setLater] = useState(ownPasswordLater);
  const choose = useChooseOwnPassword();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;

  const notNow = () => {
    askForOwnPasswordLater();
    setLater(true);
  };
  const onSubmit = form.handleSubmit((values) =>
    choose.mutate(values.password, { onSuccess: () => toastSuccess(t.saved) }),
  );

  return (
    <Modal show={!later} onHide={notNow} centered backdrop="static" aria-labelledby="own-password-title">
      <Form noValidate onSubmit={onSubmit} aria-label={t.title}>
        <Modal.Header>
          <Modal.Title id="own-password-title">{t.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t.explain}</p>
          {choose.isError && (
            <Alert variant="danger" className="py-2">
              {choose.error.message}
            </Alert>
          )}
          <fieldset disabled={choose.isPending}>
            <PasswordInput
              label={t.password}
              autoComplete="new-password"
              hint={PASSWORD_RULES}
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordInput
              label={t.confirm}
              autoComplete="new-password"
              error={errors.passwordConfirmation?.message}
              {...form.register('passwordConfirmation')}
            />
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={notNow} disabled={choose.isPending}>
            {t.later}
          </Button>
          <Button type="submit" disabled={choose.isPending}>
            {choose.isPending ? t.saving : t.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
