import { useEffect, useReducer, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useRecordPracticeEvent } from '../api/record-practice-event';
import {
  TOTAL_CYCLES,
  breathingReducer,
  circleScale,
  elapsedSeconds,
  initialBreathing,
  type BreathPhase,
} from '../breathing';
import { visionTexts as t } from '../texts';
import { CueToggles } from './CueToggles';
import { useCueAudio } from './use-cue-audio';
import { useVibrationCues, vibrationAvailable } from './use-vibration-cues';
import { useWakeLock } from './use-wake-lock';

const PHASE_LABEL: Record<BreathPhase, string> = { inhale: t.inhale, hold: t.hold, exhale: t.exhale };

/**
 * The guided 4-7-8 exercise: a one-second interval feeds the pure reducer and
 * the circle eases to each second's size. Sound cues are scheduled on the audio
 * clock from the clicks that start and resume it; vibration follows the ticks;
 * the screen stays awake while it runs. The finished exercise is recorded once.
 */
export function BreathingExercise() {
  const [state, dispatch] = useReducer(breathingReducer, initialBreathing);
  const [sound, setSound] = useState(true);
  const [vibration, setVibration] = useState(true);
  const [canVibrate] = useState(vibrationAvailable);
  const cues = useCueAudio();
  const { mutate: record, data: savedAs } = useRecordPracticeEvent();
  const recorded = useRef(false);
  // When the second on screen began, to place cues turned on mid-second.
  const secondStartedAt = useRef(0);
  const running = state.status === 'running';

  useWakeLock(running);
  useVibrationCues(state, vibration);

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      secondStartedAt.current = performance.now();
      dispatch({ type: 'tick' });
    }, 1000);
    return () => window.clearInterval(id);
  }, [running]);

  const { stop: stopCues } = cues;
  useEffect(() => {
    if (state.status !== 'done') return;
    stopCues();
    if (!recorded.current) {
      recorded.current = true;
      record('breathing_done');
    }
  }, [state.status, record, stopCues]);

  const begin = (type: 'start' | 'resume') => {
    secondStartedAt.current = performance.now();
    dispatch({ type });
    if (sound) cues.play(type === 'start' ? 0 : elapsedSeconds(state));
  };
  const pause = () => {
    dispatch({ type: 'pause' });
    cues.stop();
  };
  const stop = () => {
    dispatch({ type: 'stop' });
    cues.stop();
  };
  const toggleSound = (on: boolean) => {
    setSound(on);
    if (!on) cues.stop();
    else if (running) {
      const intoSecond = Math.min(0.999, (performance.now() - secondStartedAt.current) / 1000);
      cues.play(elapsedSeconds(state) + intoSecond);
    }
  };

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
        {state.status === 'done' && savedAs === 'saved' && (
          <p className="mb-0 mt-2 text-body-secondary" role="status">
            {t.savedOnDevice}
          </p>
        )}
      </div>
      <div className="d-flex justify-content-center flex-wrap gap-2 mt-3">
        {state.status === 'idle' && (
          <Button size="lg" className="px-5" onClick={() => begin('start')}>
            {t.breathingStart}
          </Button>
        )}
        {active && (
          <>
            <Button variant="outline-primary" onClick={() => (state.status === 'paused' ? begin('resume') : pause())}>
              {state.status === 'paused' ? t.breathingResume : t.breathingPause}
            </Button>
            <Button variant="outline-secondary" onClick={stop}>
              {t.breathingStop}
            </Button>
          </>
        )}
        {state.status === 'done' && (
          <Button variant="outline-primary" onClick={() => begin('start')}>
            {t.breathingAgain}
          </Button>
        )}
      </div>
      <CueToggles
        sound={cues.available ? { on: sound, onChange: toggleSound } : undefined}
        vibration={canVibrate ? { on: vibration, onChange: setVibration } : undefined}
      />
    </section>
  );
}
