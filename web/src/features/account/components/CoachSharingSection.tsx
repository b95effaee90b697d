import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Spinner } from '@/components/ui/Spinner';
import { useSharing, type Sharing } from '../api/get-sharing';
import { useUpdateSharing } from '../api/update-sharing';
import { accountTexts } from '../texts';

const t = accountTexts.coachSharing;

/**
 * /account/coach-sharing: what the team's coaches see and whether their notes reach the
 * athlete, three switches that save at once. Shown to every member: without a team it changes
 * nothing anyone sees, and the choice is ready before they join one.
 */
export function CoachSharingSection() {
  const sharing = useSharing();
  const update = useUpdateSharing();

  let body;
  if (sharing.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (sharing.isError) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <span>{t.loadFailed}</span>
        <Button variant="outline-danger" onClick={() => void sharing.refetch()} disabled={sharing.isFetching}>
          {t.retry}
        </Button>
      </Alert>
    );
  } else {
    const current = sharing.data;
    const change = (key: keyof Sharing) => (on: boolean) => update.mutate({ ...current, [key]: on });
    body = (
      <fieldset disabled={update.isPending} aria-busy={update.isPending}>
        <legend className="visually-hidden">{t.title}</legend>
        <SharingSwitch
          id="share-practice"
          label={t.practice}
          help={t.practiceHelp}
          checked={current.practice}
          onChange={change('practice')}
        />
        <SharingSwitch
          id="share-checkins"
          label={t.checkins}
          help={t.checkinsHelp}
          checked={current.checkins}
          onChange={change('checkins')}
        />
        <SharingSwitch
          id="share-nudges"
          label={t.nudges}
          help={t.nudgesHelp}
          checked={current.nudges}
          onChange={change('nudges')}
        />
        <p className="small mb-0" role="status" aria-live="polite">
          {update.isPending ? t.saving : ''}
        </p>
      </fieldset>
    );
  }

  return (
    <section aria-labelledby="coach-sharing-title" style={{ maxWidth: 560 }}>
      <h2 className="h4" id="coach-sharing-title">
        {t.title}
      </h2>
      <p className="text-body-secondary">{t.lead}</p>
      {body}
      {update.isError && (
        <Alert variant="danger" role="alert" className="mt-3">
          {t.saveFailed}
        </Alert>
      )}
      <Alert variant="info" className="mt-3 mb-0">
        {t.written}
      </Alert>
    </section>
  );
}

/** One labelled switch with its help line underneath, read out with it. */
function SharingSwitch({
  id,
  label,
  help,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <>
      <Form.Check
        type="switch"
        role="switch"
        id={id}
        className="mb-0 switch-touch"
        label={label}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-help`}
      />
      <p className="text-body-secondary small ms-5 mb-3" id={`${id}-help`}>
        {help}
      </p>
    </>
  );
}
