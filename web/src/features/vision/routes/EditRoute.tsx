import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import type { AthleticVision } from '@/lib/queries/vision';
import { useSaveVision } from '../api/save-vision';
import { useSavedVision } from '../api/use-saved-vision';
import { growAll, growTypedTextarea } from '../components/grow-to-fit';
import { nativeSubmit } from '../components/native-submit';
import { useLeaveWarning } from '../components/use-leave-warning';
import { forgetDrafts, keepDraft, readDrafts } from '../drafts';
import { useTextareaRows } from '../components/use-textarea-rows';
import { FIRST_STEP_PATH, REVIEW_PATH, answerKey, answerKeys, type VisionAnswers } from '../steps';
import { visionSteps, visionTexts as t } from '../texts';

/**
 * The entry form: all nine answers at once. Without a saved vision (404) the
 * questionnaire starts at step 1 instead (SPEC §2/§4).
 */
export function EditRoute() {
  const vision = useSavedVision();
  const [shown, setShown] = useState(false);
  // The form copies what it loads, so it waits for a refetch the mount started. Once shown it
  // stays: the refetch a save starts must not unmount it, or its ticks and the move to the
  // review after the save are lost.
  const waiting = vision.settling || (vision.isFetching && !vision.isFetchedAfterMount);
  if (!shown && !waiting && vision.data) setShown(true);
  if (waiting && !shown) return <Spinner />;
  if (vision.isError) {
    return (
      <Container className="py-5">
        <h1>{t.editTitle}</h1>
        <p className="text-danger" role="alert">
          {vision.error.message}
        </p>
      </Container>
    );
  }
  if (!vision.data) return <Navigate to={FIRST_STEP_PATH} replace />;
  return <EditForm saved={vision.data} />;
}

type EditValues = VisionAnswers & { checks: boolean[] };

function EditForm({ saved }: { saved: AthleticVision }) {
  const memberId = useAuth().user?.id ?? '';
  const rows = useTextareaRows();
  const save = useSaveVision();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // Drafts typed before (here or in the steps) win over the saved answers.
  const [answers] = useState(() => {
    const drafts = readDrafts(memberId);
    return Object.fromEntries(answerKeys.map((key) => [key, drafts[key] ?? saved[key]])) as VisionAnswers;
  });
  const form = useForm<EditValues>({ defaultValues: { ...answers, checks: t.checks.map(() => false) } });
  // One key for this draft: a second click, or a retry after a lost answer, saves it once.
  const [draftKey] = useState(() => crypto.randomUUID());
  // Set in the click itself: a double click comes before the disabled button renders.
  const sending = useRef(false);
  const [unsaved, setUnsaved] = useState(() => answerKeys.some((key) => answers[key] !== saved[key]));
  const allowLeave = useLeaveWarning(unsaved && !save.isSuccess, t.leaveUnsaved);

  useLayoutEffect(() => growAll(formRef.current), [rows]);

  // Each keystroke keeps its answer as a draft (read from the event, not watched).
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    growTypedTextarea(event);
    const target = event.target;
    if (!(target instanceof HTMLTextAreaElement)) return;
    const key = answerKeys.find((k) => k === target.name);
    if (!key) return;
    // The typed text from the event: react-hook-form may see this keystroke after onInput runs.
    const values = { ...form.getValues(), [key]: target.value };
    keepDraft(memberId, key, target.value, saved[key]);
    setUnsaved(answerKeys.some((k) => values[k] !== saved[k]));
  };

  const send = () => {
    if (sending.current) return;
    sending.current = true;
    const values = form.getValues();
    const body = Object.fromEntries(answerKeys.map((key) => [key, values[key]])) as VisionAnswers;
    save.mutate(
      { answers: body, key: draftKey },
      {
        onSuccess: () => {
          forgetDrafts(memberId);
          allowLeave();
          navigate(REVIEW_PATH);
        },
        // Saved, the form is done (a late second click must not send again); refused, it may retry.
        onError: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Container className="py-4 py-md-5 vision-step">
      <h1 className="mb-2">{t.editTitle}</h1>
      <p className="lead mb-4">{t.editLead}</p>
      <Form ref={formRef} onSubmit={(event) => nativeSubmit(send)(event)} onInput={onInput} aria-label={t.editTitle}>
        <fieldset disabled={save.isPending}>
          {visionSteps.map((step) => (
            <Form.Group key={step.order} className="mb-4" controlId={`vision-edit-${step.order}`}>
              <Form.Label className="fw-semibold mb-1">{step.title}</Form.Label>
              <Form.Text as="p" className="d-block mt-0 mb-2">
                {step.prompt}
              </Form.Text>
              <Form.Control as="textarea" rows={rows} required {...form.register(answerKey(step))} />
            </Form.Group>
          ))}
          <h2 className="h5 mt-4">{t.checklistHeading}</h2>
          {t.checks.map((label, index) => (
            <Form.Check
              key={label}
              id={`vision-check-${index}`}
              type="checkbox"
              required
              label={label}
              className="mb-2"
              {...form.register(`checks.${index}`)}
            />
          ))}
        </fieldset>
        <Button type="submit" size="lg" className="mt-3 px-5" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </Form>
    </Container>
  );
}
