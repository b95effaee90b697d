import { useCallback, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useFirstName } from '@/lib/queries/first-name';
import type { AthleticVision } from '@/lib/queries/vision';
import { useRecordPracticeEvent } from '../api/record-practice-event';
import { useSavedVision } from '../api/use-saved-vision';
import { composeAffirmation } from '../affirmation';
import { BedtimeSound } from '../components/BedtimeSound';
import { ListenSection } from '../components/ListenSection';
import { RecordVoice } from '../components/RecordVoice';
import { useBedtimeTheme } from '../components/use-bedtime-theme';
import { useSleepTimer } from '../components/use-sleep-timer';
import { FIRST_STEP_PATH, PLAY_PATH } from '../steps';
import { visionTexts as t } from '../texts';

/** /athletic-vision, 'PLAY WITH CONFIDENCE': the listening routine and the affirmation, in the dark bedtime theme. */
export function PlayRoute() {
  useBedtimeTheme();
  const vision = useSavedVision();
  if (vision.settling) return <Spinner />;
  if (vision.isError) {
    return (
      <Container className="py-5">
        <h1>{t.playTitle}</h1>
        <p className="text-danger" role="alert">
          {vision.error.message}
        </p>
      </Container>
    );
  }
  if (!vision.data) return <Navigate to={FIRST_STEP_PATH} replace />;
  return <PlayScreen vision={vision.data} />;
}

function PlayScreen({ vision }: { vision: AthleticVision }) {
  const name = useFirstName(t.athleteFallbackName);
  const paragraphs = useMemo(() => composeAffirmation(name, vision), [name, vision]);
  const listened = useRecordPracticeEvent();
  const [searchParams] = useSearchParams();
  const revise = searchParams.has('revise');
  const recordListened = () => listened.mutate('vision_listened');
  const [recordingStarted, setRecordingStarted] = useState(false);
  // The sleep timer's end and a new recording's start silence the recording and the sound.
  const [hush, setHush] = useState(0);
  const quiet = useCallback(() => setHush((count) => count + 1), []);
  const sleep = useSleepTimer(quiet);
  const recordHeading = useRef<HTMLHeadingElement>(null);
  const goToRecorder = () => {
    recordHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    recordHeading.current?.focus({ preventScroll: true });
  };

  return (
    <div className="vision-play">
      <Container className="py-4 py-md-5 vision-narrow">
        <h1 className="text-center vision-play-title mb-1">{t.playTitle}</h1>
        <h2 className="text-center h3 mb-4">{t.winningFormula(name)}</h2>

        <section className="vision-routine mb-4" aria-labelledby="vision-routine-heading">
          <h3 id="vision-routine-heading" className="h5">
            {t.routineHeading}
          </h3>
          <ol className="mb-0">
            {t.routine.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>

        <ListenSection
          paragraphs={paragraphs}
          onFinished={recordListened}
          onRecord={goToRecorder}
          fade={sleep.gain}
          hush={hush}
          onRecordingStarted={setRecordingStarted}
        />
        <BedtimeSound sleep={sleep} hush={hush} recordingStarted={recordingStarted} />

        <section className="vision-affirmation my-4" aria-labelledby="vision-affirmation-heading">
          <h3 id="vision-affirmation-heading" className="visually-hidden">
            {t.affirmationHeading}
          </h3>
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>

        <div className="d-flex flex-column align-items-center gap-3 mb-4">
          <Button variant="outline-primary" onClick={recordListened} disabled={listened.isPending || listened.isSuccess}>
            {t.listened}
          </Button>
          {listened.isSuccess && (
            <p className="text-success mb-0" role="status">
              {listened.data === 'saved' ? t.savedOnDevice : t.listenedRecorded}
            </p>
          )}
          {revise ? (
            <Link to={PLAY_PATH} className="btn btn-primary btn-lg px-5">
              {t.reviseVision}
            </Link>
          ) : (
            <Link to="/sleep-well" className="btn btn-primary btn-lg px-5">
              {t.goodNight}
            </Link>
          )}
        </div>

        <RecordVoice paragraphs={paragraphs} headingRef={recordHeading} onStart={quiet} />
      </Container>
    </div>
  );
}
