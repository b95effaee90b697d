import { useEffect, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { visionTexts as t } from '../texts';
import { useSpeechVoices } from './use-speech-voices';

const RATES = [0.8, 0.9, 1, 1.1] as const;

type Playback = 'idle' | 'speaking' | 'paused';

interface SpeechControlsProps {
  paragraphs: string[];
  onFinished: () => void;
  /** Offered when the device has no voice: takes the athlete to the recorder (none if it cannot record). */
  onRecord?: () => void;
  /** Shown under the heading, e.g. the way back to the athlete's recording. */
  children?: ReactNode;
  /** Counts up when the sleep timer ends: the voice stops (speech cannot fade, so it ends). */
  hush?: number;
}

/**
 * 'Read it to me' with the browser's speech synthesis. Paragraphs are queued
 * as separate utterances (some engines stop long ones early); `onFinished`
 * runs when the last one ends, not after Stop. A device without any voice
 * says so and offers to record the vision instead.
 */
export function SpeechControls({ paragraphs, onFinished, onRecord, children, hush = 0 }: SpeechControlsProps) {
  const { status, voices } = useSpeechVoices();
  const available = status !== 'none';
  const [voiceUri, setVoiceUri] = useState('');
  const [rate, setRate] = useState<number>(0.9);
  const [playback, setPlayback] = useState<Playback>('idle');
  // Each Play starts a new run; events of a stopped run are ignored.
  const run = useRef(0);

  useEffect(() => {
    if (!available) return;
    return () => {
      run.current += 1;
      speechSynthesis.cancel();
    };
  }, [available]);

  // The sleep timer ran out: stop speaking, as the recording and the sound stop.
  const heardHush = useRef(hush);
  useEffect(() => {
    if (hush === heardHush.current) return;
    heardHush.current = hush;
    run.current += 1;
    speechSynthesis.cancel();
    setPlayback('idle');
  }, [hush]);

  if (!available) {
    return (
      <section className="vision-listen" aria-labelledby="vision-listen-heading" data-testid="no-voice">
        <h2 id="vision-listen-heading" className="h5">
          {t.listenHeading}
        </h2>
        {children}
        <p role="status">{onRecord ? t.noVoice : t.noVoiceNoRecorder}</p>
        {onRecord && <Button onClick={onRecord}>{t.recordInsteadOfVoice}</Button>}
      </section>
    );
  }

  const play = () => {
    run.current += 1;
    const thisRun = run.current;
    speechSynthesis.cancel();
    const voice = voices.find((candidate) => candidate.voiceURI === voiceUri) ?? null;
    paragraphs.forEach((paragraph, index) => {
      const utterance = new SpeechSynthesisUtterance(paragraph);
      if (voice) {
        utterance.voice = voice;
        utterance.lang = voice.lang;
      }
      utterance.rate = rate;
      if (index === paragraphs.length - 1) {
        utterance.onend = () => {
          if (run.current !== thisRun) return;
          setPlayback('idle');
          onFinished();
        };
      }
      utterance.onerror = () => {
        if (run.current === thisRun) setPlayback('idle');
      };
      speechSynthesis.speak(utterance);
    });
    setPlayback('speaking');
  };

  const pauseOrResume = () => {
    if (playback === 'speaking') {
      speechSynthesis.pause();
      setPlayback('paused');
    } else if (playback === 'paused') {
      speechSynthesis.resume();
      setPlayback('speaking');
    }
  };

  const stop = () => {
    run.current += 1;
    speechSynthesis.cancel();
    setPlayback('idle');
  };

  return (
    <section className="vision-listen" aria-labelledby="vision-listen-heading">
      <h2 id="vision-listen-heading" className="h5">
        {t.listenHeading}
      </h2>
      {children}
      <div className="row g-2 mb-3">
        <Form.Group className="col-sm-8" controlId="vision-voice">
          <Form.Label className="small mb-1">{t.voice}</Form.Label>
          <Form.Select value={voiceUri} onChange={(event) => setVoiceUri(event.target.value)}>
            <option value="">{t.defaultVoice}</option>
            {voices.map((voice) => (
              <option key={voice.voiceURI} value={voice.voiceURI}>
                {voice.name} ({voice.lang})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-4" controlId="vision-rate">
          <Form.Label className="small mb-1">{t.rate}</Form.Label>
          <Form.Select value={rate} onChange={(event) => setRate(Number(event.target.value))}>
            {RATES.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={play}>{t.play}</Button>
        <Button variant="outline-primary" onClick={pauseOrResume} disabled={playback === 'idle'}>
          {playback === 'paused' ? t.resume : t.pause}
        </Button>
        <Button variant="outline-secondary" onClick={stop} disabled={playback === 'idle'}>
          {t.stop}
        </Button>
      </div>
    </section>
  );
}
