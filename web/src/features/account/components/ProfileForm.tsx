import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { useVisibleErrors } from '@/lib/forms';
import { useProfile } from '@/lib/queries/profile';
import { useUpdateProfile } from '../api/update-profile';
import { accountTexts } from '../texts';

const t = accountTexts.profile;

/** SPEC §5: first name required; email required and non-space@non-space.non-space. */
const profileSchema = z.object({
  firstName: z.string().trim().min(1, t.firstNameRequired),
  lastName: z.string(),
  email: z.string().trim().min(1, t.emailRequired).regex(/^\S+@\S+\.\S+$/, t.emailInvalid),
});
type ProfileValues = z.infer<typeof profileSchema>;

const EMPTY: ProfileValues = { firstName: '', lastName: '', email: '' };

export function ProfileForm() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const loaded = useMemo<ProfileValues | undefined>(
    () =>
      profile.data
        ? { firstName: profile.data.firstName, lastName: profile.data.lastName, email: profile.data.email }
        : undefined,
    [profile.data],
  );
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    mode: 'all',
    defaultValues: EMPTY,
    values: loaded,
  });
  const { errorFor, noteValue } = useVisibleErrors(form);
  const current = useWatch({ control: form.control });
  const loading = profile.isPending;
  const saving = update.isPending;
  const busy = loading || saving;
  const hasUnsavedChanges =
    loaded !== undefined &&
    (current.firstName !== loaded.firstName || current.lastName !== loaded.lastName || current.email !== loaded.email);

  const field = (name: keyof ProfileValues) =>
    form.register(name, { onChange: (event: { target: { value: string } }) => noteValue(name, event.target.value) });

  // After a save the form shows what the server kept: a new e-mail stays pending until confirmed.
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => form.reset({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email }),
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Profile">
      <div className="d-flex align-items-center gap-3 mb-3">
        <h2 className="h4 mb-0">{t.title}</h2>
        {hasUnsavedChanges && (
          <Badge bg="warning" text="dark">
            {t.unsaved}
          </Badge>
        )}
      </div>
      {profile.data?.pendingEmail && (
        <Alert variant="info" data-testid="pending-email">
          {t.pendingEmail(profile.data.pendingEmail)}
        </Alert>
      )}
      {profile.isError && (
        <p className="text-danger" role="alert">
          {t.saveFailed}
        </p>
      )}
      <fieldset disabled={busy}>
        <Row>
          <Col md={6}>
            <FormField label={t.firstName} autoComplete="given-name" error={errorFor('firstName')} {...field('firstName')} />
          </Col>
          <Col md={6}>
            <FormField label={t.lastName} autoComplete="family-name" {...field('lastName')} />
          </Col>
          <Col md={6}>
            <FormField label={t.email} type="email" autoComplete="email" error={errorFor('email')} {...field('email')} />
          </Col>
        </Row>
      </fieldset>
      <Button type="submit" disabled={busy || !hasUnsavedChanges}>
        {loading ? t.loading : saving ? t.saving : t.save}
      </Button>
    </Form>
  );
}
