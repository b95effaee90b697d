import { useCallback, useEffect, useRef, useState } from 'react';
import { cueSchedule, cuesFrom } from '../breathing-cues';
import { STOP_FADE, createCuePlayer, type CuePlayer } from '../cue-player';

const SCHEDULE = cueSchedule();

function webAudioAvailable(): boolean {
  return typeof window !== 'undefined' && 'AudioContext' in window;
}

/**
 * The exercise's sound cues on one AudioContext. The context is made on the
 * first `play`, which must run inside a click: browsers only let a page start
 * sound after a gesture. Leaving the screen fades the cues out and closes it.
 */
export function useCueAudio() {
  const [available] = useState(webAudioAvailable);
  const audio = useRef<{ context: AudioContext; player: CuePlayer } | null>(null);

  useEffect(
    () => () => {
      const current = audio.current;
      audio.current = null;
      if (!current) return;
      current.player.stop();
      window.setTimeout(() => void current.context.close().catch(() => undefined), STOP_FADE * 2000);
    },
    [],
  );

  /** Schedules every cue still ahead once `elapsedSeconds` of the exercise are behind. */
  const play = useCallback(
    (elapsedSeconds: number) => {
      if (!available) return;
      if (!audio.current) {
        const context = new AudioContext();
        audio.current = { context, player: createCuePlayer(context) };
      }
      const { context, player } = audio.current;
      if (context.state !== 'running') void context.resume().catch(() => undefined);
      player.play(cuesFrom(SCHEDULE, elapsedSeconds));
    },
    [available],
  );

  const stop = useCallback(() => audio.current?.player.stop(), []);

  return { available, play, stop };
}
