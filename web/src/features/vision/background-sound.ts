import { loopableNoise, noiseRecipe, swellRange, type BackgroundKind } from './background-noise';

/** Seconds of noise looped; long enough that no pattern is heard. */
const LOOP_SECONDS = 8;
/** Seconds the sound takes to come in and to go. */
const FADE_IN = 1.5;
const FADE_OUT = 0.6;

/** One background sound playing on an AudioContext. */
export interface BackgroundSound {
  /** Volume 0..1 (the athlete's volume times the sleep timer's fade); changes glide. */
  setLevel(level: number): void;
  /** Fades out and lets go of the nodes. */
  stop(): void;
}

/** Starts rain or waves on `context` at `level`, fading in. */
export function startBackgroundSound(context: AudioContext, kind: BackgroundKind, level: number): BackgroundSound {
  const recipe = noiseRecipe(kind);
  const length = Math.round(context.sampleRate * LOOP_SECONDS);
  const buffer = context.createBuffer(1, length, context.sampleRate);
  buffer.copyToChannel(loopableNoise(length, Math.round(context.sampleRate / 2), recipe.noise) as Float32Array<ArrayBuffer>, 0);

  const source = context.createBufferSource();
  source.buffer = buffer;
  source.loop = true;

  let last: AudioNode = source;
  for (const { type, frequency, Q } of recipe.filters) {
    const filter = context.createBiquadFilter();
    filter.type = type;
    filter.frequency.value = frequency;
    filter.Q.value = Q;
    last.connect(filter);
    last = filter;
  }

  const oscillators: OscillatorNode[] = [];
  if (recipe.swell) {
    const { centre, amplitude } = swellRange(recipe.swell);
    const swell = context.createGain();
    swell.gain.value = centre;
    const lfo = context.createOscillator();
    lfo.frequency.value = recipe.swell.hz;
    const depth = context.createGain();
    depth.gain.value = amplitude;
    lfo.connect(depth).connect(swell.gain);
    last.connect(swell);
    last = swell;
    oscillators.push(lfo);
  }

  const out = context.createGain();
  out.gain.value = 0;
  last.connect(out).connect(context.destination);
  const now = context.currentTime;
  out.gain.setValueAtTime(0, now);
  out.gain.linearRampToValueAtTime(level * recipe.level, now + FADE_IN);
  source.start(now);
  oscillators.forEach((lfo) => lfo.start(now));

  let stopped = false;
  return {
    setLevel(next) {
      if (stopped) return;
      const at = context.currentTime;
      out.gain.cancelScheduledValues(at);
      out.gain.setTargetAtTime(next * recipe.level, at, 0.1);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      const at = context.currentTime;
      out.gain.cancelScheduledValues(at);
      out.gain.setTargetAtTime(0, at, FADE_OUT / 4);
      source.stop(at + FADE_OUT);
      oscillators.forEach((lfo) => lfo.stop(at + FADE_OUT));
      source.addEventListener('ended', () => out.disconnect());
    },
  };
}
