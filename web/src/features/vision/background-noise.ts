/** The background sounds made in the browser: no recordings are shipped. */
export type BackgroundKind = 'rain' | 'waves';

export const BACKGROUND_KINDS: readonly BackgroundKind[] = ['rain', 'waves'];

/** How one background sound is made from noise. */
export interface NoiseRecipe {
  /** White noise hisses like rain; brown (integrated) noise rumbles like surf. */
  noise: 'white' | 'brown';
  /** Filters in series after the noise. */
  filters: readonly { type: BiquadFilterType; frequency: number; Q: number }[];
  /** A slow swell of the loudness (the waves coming in): its rate in Hz and depth 0..1. */
  swell?: { hz: number; depth: number };
  /** Loudness at full volume: both sounds stay quiet under the voice. */
  level: number;
}

/** The recipes, tuned by ear: soft rain on a roof, slow waves about ten seconds apart. */
export function noiseRecipe(kind: BackgroundKind): NoiseRecipe {
  switch (kind) {
    case 'rain':
      return {
        noise: 'white',
        filters: [
          { type: 'highpass', frequency: 400, Q: 0.5 },
          { type: 'lowpass', frequency: 5000, Q: 0.5 },
        ],
        level: 0.18,
      };
    case 'waves':
      return {
        noise: 'brown',
        filters: [{ type: 'lowpass', frequency: 900, Q: 0.7 }],
        swell: { hz: 0.1, depth: 0.8 },
        level: 0.5,
      };
  }
}

/**
 * Fills `out` with noise in [-1, 1]. Brown noise is white noise integrated with a small leak, so
 * it wanders slowly and never drifts off; it is scaled back up to a similar loudness.
 */
export function fillNoise(out: Float32Array, noise: NoiseRecipe['noise'], random: () => number = Math.random): Float32Array {
  let last = 0;
  for (let i = 0; i < out.length; i += 1) {
    const white = random() * 2 - 1;
    if (noise === 'white') {
      out[i] = white;
    } else {
      last = (last + 0.02 * white) / 1.02;
      out[i] = Math.max(-1, Math.min(1, last * 3.5));
    }
  }
  return out;
}

/**
 * `length` samples of noise that loop without a click: the `overlap` samples made past the end
 * are cross-faded into the start, so the last sample runs on into the first.
 */
export function loopableNoise(
  length: number,
  overlap: number,
  noise: NoiseRecipe['noise'],
  random: () => number = Math.random,
): Float32Array {
  const raw = fillNoise(new Float32Array(length + overlap), noise, random);
  const out = raw.slice(0, length);
  for (let i = 0; i < overlap; i += 1) {
    const fadeIn = i / overlap;
    out[i] = raw[i] * Math.sqrt(fadeIn) + raw[length + i] * Math.sqrt(1 - fadeIn);
  }
  return out;
}

/**
 * The swell's gain over time for a recipe: it moves between 1 - depth and 1 around its centre,
 * so the sound never falls silent. Answers the centre and the sine's amplitude.
 */
export function swellRange(swell: NonNullable<NoiseRecipe['swell']>): { centre: number; amplitude: number } {
  const amplitude = swell.depth / 2;
  return { centre: 1 - amplitude, amplitude };
}
