import { useEffect } from 'react';
import Form from 'react-bootstrap/Form';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { BACKGROUND_KINDS } from '../background-noise';
import { SLEEP_TIMER_MINUTES, formatClock } from '../sleep-timer';
import { visionTexts as t } from '../texts';
import { useBackgroundSound, type BackgroundChoice } from './use-background-sound';
import { useMediaSession } from './use-media-session';
import type { SleepTimer } from './use-sleep-timer';

const CHOICES: readonly BackgroundChoice[] = ['off', ...BACKGROUND_KINDS];

interface BedtimeSoundProps {
  sleep: SleepTimer;
  /** Counts the moments all must go quiet (the sleep timer's end, a recording starting): each turns the sound off. */
  hush: number;
  /** The recording was played: the lock screen's controls are the recording's. */
  recordingStarted: boolean;
}

/** Rain or waves made in the browser, its volume, and the sleep timer that fades it all out. */
export function BedtimeSound({ sleep, hush, recordingStarted }: BedtimeSoundProps) {
  const sound = useBackgroundSound(sleep.gain);
  const { choose } = sound;

  useEffect(() => {
    if (hush > 0) choose('off');
  }, [hush, choose]);

  useMediaSession(
    !recordingStarted &&
      sound.choice !== 'off' && {
        playing: sound.playing,
        play: sound.resume,
        pause: sound.pause,
        stop: () => choose('off'),
      },
    t.mediaTitle,
  );

  return (
    <section className="vision-listen" aria-labelledby="vision-sound-heading" data-testid="bedtime-sound">
      <h2 id="vision-sound-heading" className="h5">
        {t.backgroundHeading}
      </h2>
      {sound.available && (
        <>
          <p id="vision-sound-label" className="small mb-1">
            {t.backgroundSound}
          </p>
          <ToggleButtonGroup
            type="radio"
            name="vision-sound"
            value={sound.choice}
            onChange={(value: BackgroundChoice) => choose(value)}
            className="vision-sound-choice mb-3 w-100"
            aria-labelledby="vision-sound-label"
          >
            {CHOICES.map((choice) => (
              <ToggleButton key={choice} id={`vision-sound-${choice}`} value={choice} variant="outline-primary">
                {choice === 'off' ? t.backgroundOff : t.backgroundKinds[choice]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Form.Group className="mb-3" controlId="vision-sound-volume">
            <Form.Label className="small mb-1">{t.backgroundVolume}</Form.Label>
            <Form.Range
              min={0}
              max={1}
              step={0.05}
              value={sound.volume}
              disabled={sound.choice === 'off'}
              onChange={(event) => sound.setVolume(Number(event.target.value))}
            />
          </Form.Group>
        </>
      )}
      <Form.Group controlId="vision-sleep-timer">
        <Form.Label className="small mb-1">{t.sleepTimer}</Form.Label>
        <Form.Select value={sleep.minutes} onChange={(event) => sleep.choose(Number(event.target.value))}>
          {SLEEP_TIMER_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0 ? t.sleepTimerOff : t.sleepTimerMinutes(minutes)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {sleep.remainingMs !== null && (
        <p className="small text-muted mt-2 mb-0" data-testid="sleep-remaining">
          {t.sleepTimerRemaining(formatClock(Math.ceil(sleep.remainingMs / 1000)))}
        </p>
      )}
    </section>
  );
}
