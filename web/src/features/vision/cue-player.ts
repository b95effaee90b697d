/**
 * Plays breathing cues as synthesised sine tones, every one scheduled ahead on
 * the AudioContext clock: the tones stay in time even when the tab's timers are
 * throttled (screen off, tab in the background).
 */
import type { BreathCue } from './breathing-cues';

/** The part of an AudioContext the player uses; the tests pass a recording fake. */
export type CueAudioContext = Pick<BaseAudioContext, 'currentTime' | 'destination' | 'createOscillator' | 'createGain'>;

/** Quiet by default: a bedside cue, not an alarm. */
export const CUE_VOLUME = 0.12;
/** Seconds between scheduling and the first cue, so it is never scheduled in the past and clipped. */
export const SCHEDULE_LEAD = 0.05;
/** Fade-in and fade-out of each tone, in seconds: no clicks at either end. */
export const ATTACK = 0.25;
export const RELEASE = 0.6;
/** Fade-out when cues stop early (pause, stop, leaving the screen). */
export const STOP_FADE = 0.05;

export interface CuePlayer {
  /** Schedules `cues` from now (after SCHEDULE_LEAD), replacing any cues already scheduled. */
  play(cues: readonly BreathCue[]): void;
  /** Fades out what sounds and cancels every cue still to come. */
  stop(): void;
}

interface Scheduled {
  oscillator: OscillatorNode;
  endsAt: number;
}

export function createCuePlayer(context: CueAudioContext, volume: number = CUE_VOLUME): CuePlayer {
  let master: GainNode | null = null;
  let scheduled: Scheduled[] = [];

  function schedule(cue: BreathCue, output: GainNode, startsAt: number, onEnded: () => void): Scheduled {
    const endsAt = startsAt + cue.duration;
    const [from, to] = cue.frequencies;
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(from, startsAt);
    if (to !== from) oscillator.frequency.exponentialRampToValueAtTime(to, endsAt);

    const envelope = context.createGain();
    const release = Math.min(RELEASE, cue.duration - ATTACK);
    envelope.gain.value = 0;
    envelope.gain.setValueAtTime(0, startsAt);
    envelope.gain.linearRampToValueAtTime(1, startsAt + ATTACK);
    envelope.gain.setValueAtTime(1, endsAt - release);
    envelope.gain.linearRampToValueAtTime(0, endsAt);

    oscillator.connect(envelope);
    envelope.connect(output);
    oscillator.onended = () => {
      oscillator.disconnect();
      envelope.disconnect();
      onEnded();
    };
    oscillator.start(startsAt);
    oscillator.stop(endsAt);
    return { oscillator, endsAt };
  }

  function stop() {
    if (!master) return;
    const now = context.currentTime;
    const fading = master;
    fading.gain.cancelScheduledValues(now);
    fading.gain.setValueAtTime(volume, now);
    fading.gain.linearRampToValueAtTime(0, now + STOP_FADE);
    for (const { oscillator, endsAt } of scheduled) {
      if (endsAt > now) oscillator.stop(now + STOP_FADE);
    }
    master = null;
    scheduled = [];
  }

  function play(cues: readonly BreathCue[]) {
    stop();
    if (cues.length === 0) return;
    const output = context.createGain();
    output.gain.value = volume;
    output.connect(context.destination);
    let sounding = cues.length;
    // The last tone to end, naturally or stopped, takes this run's output off the graph.
    const ended = () => {
      sounding -= 1;
      if (sounding === 0) output.disconnect();
    };
    const start = context.currentTime + SCHEDULE_LEAD;
    master = output;
    scheduled = cues.map((cue) => schedule(cue, output, start + cue.atSeconds, ended));
  }

  return { play, stop };
}
