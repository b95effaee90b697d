import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PASSWORD_RULES } from '@/lib/auth';
import { firstErrorMessage } from '@/lib/forms';
import {
  askForOwnPasswordLater,
  ownPasswordChosen,
  ownPasswordOffered,
  withdrawOwnPasswordOffer,
} from '@/lib/own-password';
import { toastError } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { accountTexts } from '../texts';

const t = accountTexts.password;

/** SPEC §5: both fields filled, then equal. */
const passwordSchema = z
  .object({
    password: z.string().min(1, t.fillFields),
    passwordConfirmation: z.string().min(1, t.fillFields),
  })
  .refine((v) => v.password === v.passwordConfirmation, { message: t.mismatch, path: ['passwordConfirmation'] });
type PasswordValues = z.infer<typeof passwordSchema>;

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const [offered, setOffered] = useState(ownPasswordOffered);

  const onSubmit = form.handleSubmit(
    (values) =>
      change.mutate(values.password, {
        onSuccess: () => {
          form.reset();
          setOffered(false);
          void ownPasswordChosen();
        },
      }),
    (invalid) => toastError(firstErrorMessage(invalid) ?? t.fillFields),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Change password">
      <h2 className="h4 mb-3">{t.title}</h2>
      {offered && (
        <Alert variant="info" data-testid="own-password-offer">
          <p className="mb-2">{t.ownPasswordOffer}</p>
          <Link
            to="/user-dashboard"
            onClick={() => {
              withdrawOwnPasswordOffer();
              askForOwnPasswordLater();
            }}
          >
            {t.ownPasswordLater}
          </Link>
        </Alert>
      )}
      <fieldset disabled={change.isPending}>
        <Row>
          <Col md={6}>
            <PasswordInput
              label={t.password}
              autoComplete="new-password"
              hint={PASSWORD_RULES}
              error={errors.password?.message}
              {...form.register('password')}
            />
          </Col>
          <Col md={6}>
            <PasswordInput
              label={t.confirm}
              autoComplete="new-password"
              error={errors.passwordConfirmation?.message}
              {...form.register('passwordConfirmation')}
            />
          </Col>
        </Row>
      </fieldset>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t.saving : t.submit}
      </Button>
    </Form>
  );
}
