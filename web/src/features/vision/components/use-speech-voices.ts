import { useEffect, useState } from 'react';

/**
 * How long to wait for the device's voices: Chrome lists them only after `voiceschanged`, some
 * devices never do. After this an empty list means the device has none.
 */
export const VOICES_WAIT_MS = 2500;

/** 'waiting' until the voices are known; 'none' when the device cannot read aloud at all. */
export type VoiceStatus = 'waiting' | 'ready' | 'none';

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

/** The device's speech synthesis voices, and whether it has any. */
export function useSpeechVoices(): { status: VoiceStatus; voices: SpeechSynthesisVoice[] } {
  const [available] = useState(speechAvailable);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => (available ? speechSynthesis.getVoices() : []));
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    if (!available) return;
    const update = () => setVoices(speechSynthesis.getVoices());
    speechSynthesis.addEventListener('voiceschanged', update);
    const timer = window.setTimeout(() => {
      update();
      setWaited(true);
    }, VOICES_WAIT_MS);
    return () => {
      speechSynthesis.removeEventListener('voiceschanged', update);
      window.clearTimeout(timer);
    };
  }, [available]);

  if (!available) return { status: 'none', voices };
  if (voices.length > 0) return { status: 'ready', voices };
  return { status: waited ? 'none' : 'waiting', voices };
}
