import { useLayoutEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { useStep } from '../api/get-step';
import { useSaveStep } from '../api/save-step';
import { growAll, growTypedTextarea } from '../components/grow-to-fit';
import { useLeaveWarning } from '../components/use-leave-warning';
import { nativeSubmit } from '../components/native-submit';
import { useTextareaRows } from '../components/use-textarea-rows';
import { forgetDraft, keepDraft, readDrafts } from '../drafts';
import {
  FIRST_STEP_PATH,
  REVIEW_PATH,
  answerKey,
  nextPathAfter,
  previousPathBefore,
  stepByPath,
  stepExamples,
} from '../steps';
import { visionSteps, visionTexts as t, type VisionStep } from '../texts';

/**
 * One single-question screen, chosen by the current path (SPEC §2): loads the
 * saved answer with a spinner, then edits, then saves and moves on.
 */
export function StepRoute() {
  const { pathname } = useLocation();
  const step = stepByPath(pathname);
  if (!step) return <Navigate to={FIRST_STEP_PATH} replace />;
  // A new key per step gives each screen its own loaded text.
  return <StepScreen key={step.order} step={step} />;
}

function StepScreen({ step }: { step: VisionStep }) {
  const saved = useStep(step.order);
  const [searchParams] = useSearchParams();
  const revising = searchParams.has('revise');
  const total = visionSteps.length;

  return (
    <Container className="py-4 py-md-5 vision-step">
      <p className="text-uppercase text-muted fw-semibold small mb-1">{t.welcomeTitle}</p>
      <p className="mb-2" data-testid="vision-step-counter">
        {t.stepOf(step.order, total)}
      </p>
      <ProgressBar now={(step.order / total) * 100} className="mb-4 vision-progress" aria-hidden />
      <h1 className="h2 mb-3">{step.title}</h1>
      <p className="vision-prompt" id={`vision-prompt-${step.order}`}>
        {step.prompt}
      </p>
      {step.examples && (
        <div className="mb-3">
          <h2 className="h6 text-uppercase text-muted">{t.examplesHeading}</h2>
          <ul className="vision-examples">
            {stepExamples(step, new Date()).map((example) => (
              <li key={example}>{example}</li>
            ))}
          </ul>
        </div>
      )}
      {saved.isPending ? (
        <Spinner label={t.loadingAnswer} />
      ) : (
        <>
          {saved.isError && (
            <Alert variant="warning" className="py-2">
              {t.loadFailed}
            </Alert>
          )}
          <StepForm step={step} initial={saved.data ?? ''} revising={revising} />
        </>
      )}
    </Container>
  );
}

function StepForm({ step, initial, revising }: { step: VisionStep; initial: string; revising: boolean }) {
  const memberId = useAuth().user?.id ?? '';
  const key = answerKey(step);
  // A draft typed here before (a reload, Back, a closed tab) wins over the saved answer.
  const [text, setText] = useState(() => readDrafts(memberId)[key] ?? initial);
  const rows = useTextareaRows();
  const save = useSaveStep();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const backTo = revising ? REVIEW_PATH : previousPathBefore(step);
  const allowLeave = useLeaveWarning(text !== initial && !save.isSuccess, t.leaveUnsaved);

  useLayoutEffect(() => growAll(formRef.current), [rows]);

  const onChange = (value: string) => {
    setText(value);
    keepDraft(memberId, key, value, initial);
  };

  const onSubmit = nativeSubmit(() => {
    save.mutate(
      { order: step.order, text },
      {
        onSuccess: () => {
          forgetDraft(memberId, key);
          allowLeave();
          navigate(revising ? REVIEW_PATH : nextPathAfter(step));
        },
      },
    );
  });

  return (
    <Form ref={formRef} onSubmit={onSubmit} onInput={growTypedTextarea} aria-label={step.title}>
      <Form.Group className="mb-3" controlId={`vision-answer-${step.order}`}>
        <Form.Label className="visually-hidden">{t.answerLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={rows}
          required
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`vision-prompt-${step.order}`}
          disabled={save.isPending}
        />
      </Form.Group>
      <div className="d-flex justify-content-between align-items-center gap-3">
        <Link to={backTo} className="btn btn-link px-0">
          {t.back}
        </Link>
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? t.saving : revising ? t.saveRevision : t.next}
        </Button>
      </div>
    </Form>
  );
}
