import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { VisionRecording } from '../api/get-recording';
import { visionTexts as t } from '../texts';
import { useBlobSource } from './use-blob-source';
import { useMediaSession } from './use-media-session';

interface RecordingPlayerProps {
  recording: VisionRecording;
  /** The sleep timer's fade, 1 down to 0. */
  fade: number;
  /** Counts the moments all must go quiet (the sleep timer's end, a recording starting): each pauses it. */
  hush: number;
  onFinished: () => void;
  /** True once the recording was played: the lock screen's controls are its from then on. */
  onStartedChange: (started: boolean) => void;
  onUseDeviceVoice: () => void;
}

/**
 * The athlete's own recording at bedtime: a seekable player, its controls on the lock screen too
 * (Media Session), and the way to the device's voice instead.
 */
export function RecordingPlayer({ recording, fade, hush, onFinished, onStartedChange, onUseDeviceVoice }: RecordingPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  useBlobSource(audio, recording.blob);

  useEffect(() => {
    if (audio.current) audio.current.volume = Math.max(0, Math.min(1, fade));
  }, [fade]);

  useEffect(() => {
    if (hush > 0) audio.current?.pause();
  }, [hush]);

  useEffect(() => {
    onStartedChange(started);
    return () => onStartedChange(false);
  }, [started, onStartedChange]);

  useMediaSession(
    started && {
      playing,
      play: () => void audio.current?.play().catch(() => undefined),
      pause: () => audio.current?.pause(),
      stop: () => {
        const element = audio.current;
        if (!element) return;
        element.pause();
        element.currentTime = 0;
      },
      seekBy: (seconds) => {
        const element = audio.current;
        if (!element) return;
        const end = Number.isFinite(element.duration) ? element.duration : Infinity;
        element.currentTime = Math.max(0, Math.min(end, element.currentTime + seconds));
      },
    },
    t.mediaTitle,
  );

  return (
    <section className="vision-listen" aria-labelledby="vision-listen-heading" data-testid="recording-player">
      <h2 id="vision-listen-heading" className="h5">
        {t.myRecording}
      </h2>
      <audio
        ref={audio}
        className="vision-audio"
        controls
        preload="auto"
        aria-label={t.playerLabel}
        onPlay={() => {
          setPlaying(true);
          setStarted(true);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          onFinished();
        }}
      />
      <Button variant="link" className="vision-text-button mt-2" onClick={onUseDeviceVoice}>
        {t.useDeviceVoice}
      </Button>
    </section>
  );
}
