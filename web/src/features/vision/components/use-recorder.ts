import { useCallback, useEffect, useRef, useState } from 'react';
import { chooseRecorderType } from '../recording-type';

/** A reading longer than this stops by itself: past it the file nears the server's 20 MB. */
export const MAX_RECORDING_SECONDS = 20 * 60;

export type RecorderProblem = 'unsupported' | 'denied' | 'no-microphone' | 'failed';

export type RecorderState =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'recording'; startedAt: number }
  | { step: 'done'; blob: Blob; type: string; seconds: number }
  | { step: 'problem'; problem: RecorderProblem };

/** Whether this browser can record from a microphone at all. */
export function recorderAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'MediaRecorder' in window &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

function problemOf(error: unknown): RecorderProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-microphone';
  return 'failed';
}

/**
 * The microphone and MediaRecorder: `start` (inside a click, for the permission prompt), `stop`
 * and `reset`. The microphone is released as soon as the recording stops, or the screen is left.
 */
export function useRecorder() {
  const [available] = useState(recorderAvailable);
  const [state, setState] = useState<RecorderState>(() =>
    available ? { step: 'idle' } : { step: 'problem', problem: 'unsupported' },
  );
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    else release();
  }, [release]);

  const start = useCallback(async () => {
    if (!available) return;
    setState({ step: 'asking' });
    let mic: MediaStream;
    try {
      mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      setState({ step: 'problem', problem: problemOf(error) });
      return;
    }
    stream.current = mic;
    const mimeType = chooseRecorderType((type) => MediaRecorder.isTypeSupported(type));
    let made: MediaRecorder;
    try {
      made = new MediaRecorder(mic, mimeType ? { mimeType } : undefined);
    } catch {
      release();
      setState({ step: 'problem', problem: 'unsupported' });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    made.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    made.addEventListener('stop', () => {
      release();
      if (recorder.current !== made) return;
      recorder.current = null;
      const type = made.mimeType || mimeType || chunks[0]?.type || '';
      const blob = new Blob(chunks, { type });
      setState(
        blob.size > 0
          ? { step: 'done', blob, type, seconds: (Date.now() - startedAt) / 1000 }
          : { step: 'problem', problem: 'failed' },
      );
    });
    recorder.current = made;
    // Chunks every second: a long reading is not held in one piece until the end.
    made.start(1000);
    setState({ step: 'recording', startedAt });
  }, [available, release]);

  const reset = useCallback(() => setState(available ? { step: 'idle' } : { step: 'problem', problem: 'unsupported' }), [available]);

  // Stops by itself at the longest a recording may be.
  useEffect(() => {
    if (state.step !== 'recording') return;
    const timer = window.setTimeout(stop, MAX_RECORDING_SECONDS * 1000 - (Date.now() - state.startedAt));
    return () => window.clearTimeout(timer);
  }, [state, stop]);

  // Leaving the screen mid-recording lets go of the microphone.
  useEffect(
    () => () => {
      const current = recorder.current;
      recorder.current = null;
      if (current && current.state !== 'inactive') current.stop();
      stream.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { state, start, stop, reset };
}
