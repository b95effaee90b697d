import { useCallback, useEffect, useRef, useState } from 'react';
import type { BackgroundKind } from '../background-noise';
import { startBackgroundSound, type BackgroundSound } from '../background-sound';

export type BackgroundChoice = BackgroundKind | 'off';

function webAudioAvailable(): boolean {
  return typeof window !== 'undefined' && 'AudioContext' in window;
}

/**
 * Rain or waves under the vision, off by default. The AudioContext is made on the first choice,
 * which comes from a tap (browsers start sound only after one); `fade` (the sleep timer's) scales
 * the athlete's volume. Leaving the screen stops the sound and closes the context.
 */
export function useBackgroundSound(fade: number) {
  const [available] = useState(webAudioAvailable);
  const [choice, setChoice] = useState<BackgroundChoice>('off');
  const [volume, setVolume] = useState(0.6);
  const [paused, setPaused] = useState(false);
  const audio = useRef<{ context: AudioContext; sound: BackgroundSound | null } | null>(null);
  const level = useRef(volume * fade);

  const choose = useCallback((next: BackgroundChoice) => {
    setChoice(next);
    setPaused(false);
    if (!audio.current) {
      if (next === 'off') return;
      audio.current = { context: new AudioContext(), sound: null };
    }
    const current = audio.current;
    current.sound?.stop();
    current.sound = null;
    if (next === 'off') return;
    if (current.context.state !== 'running') void current.context.resume().catch(() => undefined);
    current.sound = startBackgroundSound(current.context, next, level.current);
  }, []);

  const pause = useCallback(() => {
    if (!audio.current?.sound) return;
    void audio.current.context.suspend().catch(() => undefined);
    setPaused(true);
  }, []);

  const resume = useCallback(() => {
    if (!audio.current?.sound) return;
    void audio.current.context.resume().catch(() => undefined);
    setPaused(false);
  }, []);

  useEffect(() => {
    if (level.current === volume * fade) return;
    level.current = volume * fade;
    audio.current?.sound?.setLevel(level.current);
  }, [volume, fade]);

  useEffect(
    () => () => {
      const current = audio.current;
      audio.current = null;
      if (!current) return;
      current.sound?.stop();
      window.setTimeout(() => void current.context.close().catch(() => undefined), 1000);
    },
    [],
  );

  return { available, choice, choose, volume, setVolume, playing: choice !== 'off' && !paused, pause, resume };
}
