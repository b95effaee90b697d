import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { visionTexts as t } from '../texts';

const RATES = [0.8, 0.9, 1, 1.1] as const;

function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

type Playback = 'idle' | 'speaking' | 'paused';

/**
 * 'Read it to me' with the browser's speech synthesis. Paragraphs are queued
 * as separate utterances (some engines stop long ones early); `onFinished`
 * runs when the last one ends, not after Stop.
 */
export function SpeechControls({ paragraphs, onFinished }: { paragraphs: string[]; onFinished: () => void }) {
  const [available] = useState(speechAvailable);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => (available ? speechSynthesis.getVoices() : []));
  const [voiceUri, setVoiceUri] = useState('');
  const [rate, setRate] = useState<number>(0.9);
  const [playback, setPlayback] = useState<Playback>('idle');
  // Each Play starts a new run; events of a stopped run are ignored.
  const run = useRef(0);

  useEffect(() => {
    if (!available) return;
    const update = () => setVoices(speechSynthesis.getVoices());
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => {
      speechSynthesis.removeEventListener('voiceschanged', update);
      run.current += 1;
      speechSynthesis.cancel();
    };
  }, [available]);

  if (!available) {
    return (
      <section className="vision-listen" aria-labelledby="vision-listen-heading">
        <h2 id="vision-listen-heading" className="h5">
          {t.listenHeading}
        </h2>
        <p className="mb-0 text-muted">{t.speechUnavailable}</p>
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
