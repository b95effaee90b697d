import { describe, expect, it } from 'vitest';
import { BACKGROUND_KINDS, fillNoise, loopableNoise, noiseRecipe, swellRange } from './background-noise';

/** A repeatable stand-in for Math.random. */
function seeded(seed = 1) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function meanStep(samples: Float32Array): number {
  let sum = 0;
  for (let i = 1; i < samples.length; i += 1) sum += Math.abs(samples[i] - samples[i - 1]);
  return sum / (samples.length - 1);
}

function rms(samples: Float32Array): number {
  return Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
}

describe('the background noise', () => {
  it('stays within [-1, 1] for both kinds', () => {
    for (const noise of ['white', 'brown'] as const) {
      const samples = fillNoise(new Float32Array(48_000), noise, seeded(7));
      expect(Math.max(...samples)).toBeLessThanOrEqual(1);
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(-1);
      expect(rms(samples)).toBeGreaterThan(0.05);
    }
  });

  it('makes brown noise far smoother than white (less high-frequency energy)', () => {
    const white = fillNoise(new Float32Array(48_000), 'white', seeded(3));
    const brown = fillNoise(new Float32Array(48_000), 'brown', seeded(3));
    expect(meanStep(brown)).toBeLessThan(meanStep(white) / 10);
  });

  it('does not drift off: brown noise keeps a mean near zero', () => {
    const brown = fillNoise(new Float32Array(200_000), 'brown', seeded(11));
    const mean = brown.reduce((sum, value) => sum + value, 0) / brown.length;
    expect(Math.abs(mean)).toBeLessThan(0.1);
  });
});

describe('the looped noise', () => {
  it('runs from its last sample into its first without a jump (no click at the loop)', () => {
    const loop = loopableNoise(48_000, 2_000, 'brown', seeded(5));
    expect(loop).toHaveLength(48_000);
    const seam = Math.abs(loop[0] - loop[loop.length - 1]);
    expect(seam).toBeLessThan(meanStep(loop) * 4);
    // Without the cross-fade, the ends of brown noise lie far apart.
    const plain = fillNoise(new Float32Array(48_000), 'brown', seeded(5));
    expect(Math.abs(plain[0] - plain[plain.length - 1])).toBeGreaterThan(seam);
  });
});

describe('the recipes', () => {
  it('are rain (filtered white noise, steady) and waves (low brown noise with a slow swell)', () => {
    expect(BACKGROUND_KINDS).toEqual(['rain', 'waves']);
    const rain = noiseRecipe('rain');
    expect(rain.noise).toBe('white');
    expect(rain.swell).toBeUndefined();
    expect(rain.filters.map((f) => f.type)).toEqual(['highpass', 'lowpass']);

    const waves = noiseRecipe('waves');
    expect(waves.noise).toBe('brown');
    expect(waves.filters[0]).toMatchObject({ type: 'lowpass' });
    expect(waves.filters[0].frequency).toBeLessThan(rain.filters[1].frequency);
    // A wave every 5 to 15 seconds.
    expect(1 / waves.swell!.hz).toBeGreaterThanOrEqual(5);
    expect(1 / waves.swell!.hz).toBeLessThanOrEqual(15);
  });

  it('keep the sound quiet and never fully silent between waves', () => {
    for (const kind of BACKGROUND_KINDS) {
      const { level, swell } = noiseRecipe(kind);
      expect(level).toBeGreaterThan(0);
      expect(level).toBeLessThanOrEqual(0.5);
      if (swell) {
        const { centre, amplitude } = swellRange(swell);
        expect(centre + amplitude).toBeCloseTo(1, 10);
        expect(centre - amplitude).toBeGreaterThan(0);
      }
    }
  });
});
