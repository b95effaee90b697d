import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router';
import { planningTexts as t, type PlanningQuestion } from '../texts';
import {
  furthestReachable,
  isAnswered,
  parseRating,
  questionAt,
  totalSteps,
  type Answers,
  type VisionReminder as Reminder,
  type WizardMove,
} from '../wizard';
import { RatingInput } from './RatingInput';
import { SaveError } from './SaveError';
import { VisionReminder } from './VisionReminder';

export type WizardDispatch<K extends string> = (action: WizardMove | { type: 'answer'; key: K; value: string }) => void;

export interface WizardProps<K extends string> {
  /** 'Daily Action' or 'Weekly Map'; also names the form. */
  title: string;
  steps: readonly PlanningQuestion<K>[];
  answers: Answers<K>;
  order: number;
  dispatch: WizardDispatch<K>;
  vision: Reminder | null;
  /** Shown above each plan question, before the vision (the team's focus on the daily action). */
  planNote?: ReactNode;
  /** Where Back from step 1 and Exit lead. */
  exitTo: string;
  /** A line above the summary (a first weekly map has no review). */
  summaryNote?: string;
  onSave: () => void;
  saving: boolean;
  saveError: Error | null;
}

/** One question per step with a step indicator, then a summary with Edit links and Save (DESIGN §5). */
export function Wizard<K extends string>(props: WizardProps<K>) {
  const { title, steps, answers, order, dispatch, exitTo } = props;
  const total = totalSteps(steps);
  const reachable = furthestReachable(steps, answers);
  const question = questionAt(order, steps);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving between steps puts focus on the new step's heading, where a screen reader starts reading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [order]);

  return (
    <Container className="py-4 py-md-5 planning-step">
      <div className="d-flex justify-content-between align-items-baseline gap-3">
        <p className="text-uppercase text-muted fw-semibold small mb-1">{title}</p>
        <Link to={exitTo} className="small">
          {t.exit}
        </Link>
      </div>
      <p className="mb-2" data-testid="planning-step-counter">
        {t.stepOf(order, total)}
        {question && <span className="text-muted"> · {question.section === 'review' ? t.sectionReview : t.sectionPlan}</span>}
      </p>
      <ProgressBar now={(order / total) * 100} className="mb-3 planning-progress" aria-hidden />
      <nav aria-label={`${title} steps`} className="mb-4">
        <ol className="planning-dots list-unstyled d-flex flex-wrap gap-1 mb-0">
          {Array.from({ length: total }, (_, index) => {
            const stepOrder = index + 1;
            const stepTitle = questionAt(stepOrder, steps)?.title ?? t.summaryHeading;
            return (
              <li key={stepOrder}>
                <button
                  type="button"
                  className={`planning-dot ${stepOrder === order ? 'is-current' : stepOrder < reachable ? 'is-done' : ''}`}
                  aria-current={stepOrder === order ? 'step' : undefined}
                  aria-label={`${t.stepOf(stepOrder, total)}: ${stepTitle}`}
                  title={stepTitle}
                  disabled={stepOrder > reachable}
                  onClick={() => dispatch({ type: 'goTo', order: stepOrder })}
                >
                  {stepOrder}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {question ? (
        <QuestionStep key={question.key} {...props} question={question} headingRef={headingRef} />
      ) : (
        <Summary {...props} headingRef={headingRef} />
      )}
    </Container>
  );
}

type StepProps<K extends string> = WizardProps<K> & { headingRef: RefObject<HTMLHeadingElement | null> };

function QuestionStep<K extends string>({
  question,
  answers,
  order,
  dispatch,
  vision,
  planNote,
  exitTo,
  headingRef,
}: StepProps<K> & { question: PlanningQuestion<K> }) {
  const [tried, setTried] = useState(false);
  const value = answers[question.key] ?? '';
  const answered = isAnswered(question, answers);
  const headingId = `planning-q-${question.key}`;
  const promptId = `${headingId}-prompt`;
  const errorId = `${headingId}-error`;
  const showError = tried && !answered;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!answered) {
      setTried(true);
      return;
    }
    dispatch({ type: 'next' });
  }

  const setValue = (next: string) => dispatch({ type: 'answer', key: question.key, value: next });

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h1 className="h2 mb-2 planning-heading" id={headingId} ref={headingRef} tabIndex={-1}>
        {question.title}
      </h1>
      <p className="planning-prompt" id={promptId}>
        {question.prompt}
      </p>
      {question.section === 'plan' && planNote}
      {question.section === 'plan' && <VisionReminder vision={vision} />}
      <Form.Group className="mb-4">
        {question.kind === 'rating' ? (
          <>
            <RatingInput
              name={headingId}
              value={parseRating(value) === null ? '' : String(parseRating(value))}
              onChange={setValue}
              labelledBy={headingId}
              describedBy={showError ? `${promptId} ${errorId}` : promptId}
              invalid={showError}
            />
            {showError && (
              <div className="invalid-feedback d-block" id={errorId}>
                {t.ratingRequired}
              </div>
            )}
          </>
        ) : (
          <>
            <Form.Control
              as="textarea"
              rows={5}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-labelledby={headingId}
              aria-describedby={showError ? `${promptId} ${errorId}` : promptId}
              isInvalid={showError}
            />
            <Form.Control.Feedback type="invalid" id={errorId}>
              {t.answerRequired}
            </Form.Control.Feedback>
          </>
        )}
      </Form.Group>
      <div className="d-flex justify-content-between align-items-center gap-3">
        {order === 1 ? (
          <Link to={exitTo} className="btn btn-outline-secondary">
            {t.back}
          </Link>
        ) : (
          <Button variant="outline-secondary" onClick={() => dispatch({ type: 'back' })}>
            {t.back}
          </Button>
        )}
        <Button type="submit" size="lg" className="px-4">
          {t.next}
        </Button>
      </div>
    </Form>
  );
}

function Summary<K extends string>({
  steps,
  answers,
  dispatch,
  summaryNote,
  onSave,
  saving,
  saveError,
  headingRef,
}: StepProps<K>) {
  return (
    <section aria-labelledby="planning-summary-heading">
      <h1 className="h2 mb-2 planning-heading" id="planning-summary-heading" ref={headingRef} tabIndex={-1}>
        {t.summaryHeading}
      </h1>
      <p className="planning-prompt">{t.summaryLead}</p>
      {summaryNote && <p className="text-muted">{summaryNote}</p>}
      <dl className="planning-summary mb-4" data-testid="planning-summary">
        {steps.map((question, index) => (
          <div key={question.key} className="planning-summary-row py-2 border-bottom">
            <div className="d-flex justify-content-between align-items-baseline gap-3">
              <dt className="fw-semibold">{question.title}</dt>
              <Button
                variant="link"
                size="sm"
                className="p-0 flex-shrink-0"
                aria-label={t.editLabel(question.title)}
                onClick={() => dispatch({ type: 'goTo', order: index + 1 })}
              >
                {t.edit}
              </Button>
            </div>
            <dd className="mb-0 planning-answer-text">
              {isAnswered(question, answers) ? (
                question.kind === 'rating' ? `${parseRating(answers[question.key])} / 10` : answers[question.key]?.trim()
              ) : (
                <span className="text-muted">{t.notAnswered}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {saveError !== null && <SaveError error={saveError} />}
      <div className="d-flex justify-content-between align-items-center gap-3">
        <Button variant="outline-secondary" onClick={() => dispatch({ type: 'back' })} disabled={saving}>
          {t.back}
        </Button>
        <Button size="lg" className="px-5" onClick={onSave} disabled={saving}>
          {saving ? t.saving : t.save}
        </Button>
      </div>
    </section>
  );
}
