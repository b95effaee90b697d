import { useEffect, useReducer, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { useRecordPracticeEvent } from '../api/record-practice-event';
import { TOTAL_CYCLES, breathingReducer, circleScale, initialBreathing, type BreathPhase } from '../breathing';
import { visionTexts as t } from '../texts';

const PHASE_LABEL: Record<BreathPhase, string> = { inhale: t.inhale, hold: t.hold, exhale: t.exhale };

/**
 * The guided 4-7-8 exercise: a one-second interval feeds the pure reducer and
 * the circle eases to each second's size. The finished exercise is recorded once.
 */
export function BreathingExercise() {
  const [state, dispatch] = useReducer(breathingReducer, initialBreathing);
  const { mutate: record } = useRecordPracticeEvent();
  const recorded = useRef(false);
  const running = state.status === 'running';

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(id);
  }, [running]);

  useEffect(() => {
    if (state.status === 'done' && !recorded.current) {
      recorded.current = true;
      record('breathing_done');
    }
  }, [state.status, record]);

  const active = state.status === 'running' || state.status === 'paused' ? state : null;
  const circleClass = `breath-circle${active ? ` breath-${active.phase}` : ''}`;

  return (
    <section className="breathing" aria-labelledby="breathing-heading">
      <h2 id="breathing-heading" className="h4 text-center">
        {t.breathingHeading}
      </h2>
      <p className="text-muted text-center">{t.breathingLead}</p>
      <div className="breath-stage" aria-hidden="true">
        <div className={circleClass} style={{ transform: `scale(${circleScale(state)})` }} />
      </div>
      <div className="breath-status text-center" aria-live="polite" aria-atomic="true" data-testid="breathing-status">
        {state.status === 'idle' && <p className="mb-0 fs-5">{t.breathingReady}</p>}
        {active && (
          <>
            <p className="mb-0 fs-3 fw-semibold">
              {PHASE_LABEL[active.phase]} {active.remaining}
            </p>
            <p className="mb-0 text-muted">
              {t.cycleOf(active.cycle, TOTAL_CYCLES)}
              {state.status === 'paused' && ` · ${t.breathingPaused}`}
            </p>
          </>
        )}
        {state.status === 'done' && <p className="mb-0 fs-3 fw-semibold">{t.breathingDone}</p>}
      </div>
      <div className="d-flex justify-content-center flex-wrap gap-2 mt-3">
        {state.status === 'idle' && (
          <Button size="lg" className="px-5" onClick={() => dispatch({ type: 'start' })}>
            {t.breathingStart}
          </Button>
        )}
        {active && (
          <>
            <Button
              variant="outline-primary"
              onClick={() => dispatch({ type: state.status === 'paused' ? 'resume' : 'pause' })}
            >
              {state.status === 'paused' ? t.breathingResume : t.breathingPause}
            </Button>
            <Button variant="outline-secondary" onClick={() => dispatch({ type: 'stop' })}>
              {t.breathingStop}
            </Button>
          </>
        )}
        {state.status === 'done' && (
          <Button variant="outline-primary" onClick={() => dispatch({ type: 'start' })}>
            {t.breathingAgain}
          </Button>
        )}
      </div>
    </section>
  );
}
