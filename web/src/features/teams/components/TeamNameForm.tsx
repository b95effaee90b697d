import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { useVisibleErrors } from '@/lib/forms';
import { useRenameTeam } from '../api/rename-team';
import { canSaveName, TEAM_NAME_MAX, TEAM_NAME_MIN } from '../team';
import { teamTexts } from '../texts';

const t = teamTexts.name;

/** SPEC §5: required, trimmed length at least 3 (the server caps it at 60). */
const nameSchema = z.object({
  name: z.string().trim().min(1, t.required).min(TEAM_NAME_MIN, t.tooShort).max(TEAM_NAME_MAX, t.tooLong),
});
type NameValues = z.infer<typeof nameSchema>;

/** SPEC §9: the team name field is at most 500 px wide. */
const FIELD_STYLE = { maxWidth: 500 };

interface TeamNameFormProps {
  teamName: string;
  canEdit: boolean;
}

/**
 * The team name: editable by admins, read-only for everyone else. The edit is
 * cleared after a successful save or when the team's name changes (SPEC §4):
 * the form follows the loaded name through `values`.
 */
export function TeamNameForm({ teamName, canEdit }: TeamNameFormProps) {
  const rename = useRenameTeam();
  const loaded = useMemo<NameValues>(() => ({ name: teamName }), [teamName]);
  const form = useForm<NameValues>({
    resolver: zodResolver(nameSchema),
    mode: 'all',
    defaultValues: loaded,
    values: loaded,
  });
  const { errorFor, noteValue } = useVisibleErrors(form);
  const field = form.register('name', {
    onChange: (event: { target: { value: string } }) => noteValue('name', event.target.value),
  });
  const text = useWatch({ control: form.control, name: 'name' }) ?? '';
  const saving = rename.isPending;
  // The field stops at the limit; without a word a pasted or long name seems cut for no reason.
  const atLimit = text.length >= TEAM_NAME_MAX;

  if (!canEdit) {
    return (
      <Form.Group className="mb-4" controlId="team-name" style={FIELD_STYLE}>
        <Form.Label>{t.label}</Form.Label>
        <Form.Control value={teamName} readOnly aria-describedby="team-name-hint" />
        <Form.Text id="team-name-hint">{t.readOnlyHint}</Form.Text>
      </Form.Group>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    rename.mutate(values.name, { onSuccess: (team) => form.reset({ name: team.teamName }) }),
  );

  return (
    <Form noValidate onSubmit={onSubmit} className="mb-4">
      <fieldset disabled={saving} className="d-flex flex-wrap align-items-start gap-2" style={FIELD_STYLE}>
        <FormField
          label={t.label}
          groupClassName="flex-grow-1 mb-0"
          maxLength={TEAM_NAME_MAX}
          error={errorFor('name')}
          aria-describedby={atLimit ? 'team-name-limit' : undefined}
          {...field}
        />
        <Button type="submit" className="team-name-save" disabled={!canSaveName(teamName, text, saving)}>
          {saving ? t.saving : t.save}
        </Button>
        <Form.Text id="team-name-limit" className="w-100 mt-0" role="status">
          {atLimit ? t.atLimit(TEAM_NAME_MAX) : ''}
        </Form.Text>
      </fieldset>
    </Form>
  );
}
