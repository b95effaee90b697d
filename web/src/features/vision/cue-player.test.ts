import { describe, expect, it } from 'vitest';
import { cueSchedule, cuesFrom } from './breathing-cues';
import { ATTACK, CUE_VOLUME, SCHEDULE_LEAD, STOP_FADE, createCuePlayer, type CueAudioContext } from './cue-player';

type Call = [method: string, ...args: number[]];

/** An AudioParam that records its automation calls. */
class FakeParam {
  value = 1;
  calls: Call[] = [];
  setValueAtTime(value: number, time: number) {
    this.calls.push(['setValueAtTime', value, time]);
  }
  linearRampToValueAtTime(value: number, time: number) {
    this.calls.push(['linearRampToValueAtTime', value, time]);
  }
  exponentialRampToValueAtTime(value: number, time: number) {
    this.calls.push(['exponentialRampToValueAtTime', value, time]);
  }
  cancelScheduledValues(time: number) {
    this.calls.push(['cancelScheduledValues', time]);
  }
}

class FakeNode {
  connections: unknown[] = [];
  disconnected = false;
  connect(destination: unknown) {
    this.connections.push(destination);
    return destination;
  }
  disconnect() {
    this.disconnected = true;
  }
}

class FakeGain extends FakeNode {
  gain = new FakeParam();
}

class FakeOscillator extends FakeNode {
  type = 'square';
  frequency = new FakeParam();
  starts: number[] = [];
  stops: number[] = [];
  onended: (() => void) | null = null;
  start(time: number) {
    this.starts.push(time);
  }
  stop(time: number) {
    this.stops.push(time);
  }
}

/** Records every node the player makes; `currentTime` is moved by the test. */
class FakeAudioContext {
  currentTime = 0;
  destination = new FakeNode();
  oscillators: FakeOscillator[] = [];
  gains: FakeGain[] = [];
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createGain() {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
  /** The player's output gains: the ones wired straight to the speakers. */
  outputs() {
    return this.gains.filter((gain) => gain.connections.includes(this.destination));
  }
}

function setUp(currentTime = 12.5) {
  const fake = new FakeAudioContext();
  fake.currentTime = currentTime;
  const player = createCuePlayer(fake as unknown as CueAudioContext);
  return { fake, player };
}

const schedule = cueSchedule();

describe('the cue player', () => {
  it('schedules one sine oscillator per cue, ahead on the audio clock', () => {
    const { fake, player } = setUp(12.5);
    player.play(schedule);
    expect(fake.oscillators).toHaveLength(12);
    expect(fake.oscillators.every((oscillator) => oscillator.type === 'sine')).toBe(true);
    const offsets = fake.oscillators.map((oscillator) => oscillator.starts[0] - fake.currentTime);
    expect(offsets.map((offset) => Number((offset - SCHEDULE_LEAD).toFixed(6)))).toEqual([
      0, 4, 11, 19, 23, 30, 38, 42, 49, 57, 61, 68,
    ]);
    for (const [index, oscillator] of fake.oscillators.entries()) {
      expect(oscillator.starts).toHaveLength(1);
      expect(oscillator.stops).toEqual([oscillator.starts[0] + schedule[index].duration]);
    }
  });

  it('glides the frequency up for inhale, holds it for hold and glides down for exhale', () => {
    const { fake, player } = setUp(3);
    player.play(schedule.slice(0, 3));
    const [inhale, hold, exhale] = fake.oscillators;
    const t0 = 3 + SCHEDULE_LEAD;
    expect(inhale.frequency.calls).toEqual([
      ['setValueAtTime', 196, t0],
      ['exponentialRampToValueAtTime', 294, t0 + 2],
    ]);
    expect(hold.frequency.calls).toEqual([['setValueAtTime', 247, t0 + 4]]);
    expect(exhale.frequency.calls).toEqual([
      ['setValueAtTime', 294, t0 + 11],
      ['exponentialRampToValueAtTime', 196, t0 + 11 + 2.8],
    ]);
  });

  it('fades every tone in and out, so nothing clicks', () => {
    const { fake, player } = setUp(0);
    player.play(schedule);
    const envelopes = fake.gains.filter((gain) => !fake.outputs().includes(gain));
    expect(envelopes).toHaveLength(12);
    for (const [index, envelope] of envelopes.entries()) {
      const startsAt = fake.oscillators[index].starts[0];
      const endsAt = startsAt + schedule[index].duration;
      const calls = envelope.gain.calls;
      expect(envelope.gain.value).toBe(0);
      expect(calls[0]).toEqual(['setValueAtTime', 0, startsAt]);
      expect(calls[1]).toEqual(['linearRampToValueAtTime', 1, startsAt + ATTACK]);
      expect(calls[calls.length - 1]).toEqual(['linearRampToValueAtTime', 0, endsAt]);
      expect(fake.oscillators[index].connections).toEqual([envelope]);
    }
  });

  it('plays quietly through one output gain to the speakers', () => {
    const { fake, player } = setUp(0);
    player.play(schedule);
    const [output] = fake.outputs();
    expect(fake.outputs()).toHaveLength(1);
    expect(output.gain.value).toBe(CUE_VOLUME);
    expect(CUE_VOLUME).toBeLessThanOrEqual(0.2);
  });

  it('times resumed cues from the moment of resuming', () => {
    const { fake, player } = setUp(40);
    player.play(cuesFrom(schedule, 5));
    const offsets = fake.oscillators.map((oscillator) => oscillator.starts[0] - 40 - SCHEDULE_LEAD);
    expect(offsets.map((offset) => Number(offset.toFixed(6)))).toEqual([6, 14, 18, 25, 33, 37, 44, 52, 56, 63]);
  });

  it('on stop, fades out and cancels the tones still sounding or to come', () => {
    const { fake, player } = setUp(100);
    player.play(schedule);
    // 4.5 s in: the inhale tone is over, the hold tone is sounding.
    fake.currentTime = 100 + SCHEDULE_LEAD + 4.5;
    player.stop();
    const now = fake.currentTime;
    const [output] = fake.outputs();
    expect(output.gain.calls).toEqual([
      ['cancelScheduledValues', now],
      ['setValueAtTime', CUE_VOLUME, now],
      ['linearRampToValueAtTime', 0, now + STOP_FADE],
    ]);
    const [inhale, ...rest] = fake.oscillators;
    expect(inhale.stops).toHaveLength(1);
    for (const oscillator of rest) expect(oscillator.stops[oscillator.stops.length - 1]).toBe(now + STOP_FADE);
  });

  it('replaces the cues already scheduled when played again, and stopping twice is harmless', () => {
    const { fake, player } = setUp(0);
    player.play(schedule);
    fake.currentTime = 2;
    player.play(cuesFrom(schedule, 2));
    expect(fake.outputs()).toHaveLength(2);
    expect(fake.oscillators.slice(0, 12).every((oscillator) => oscillator.stops.includes(2 + STOP_FADE))).toBe(true);
    expect(fake.oscillators).toHaveLength(12 + 11);
    player.stop();
    player.stop();
    expect(fake.outputs()[1].gain.calls.filter(([method]) => method === 'cancelScheduledValues')).toHaveLength(1);
  });

  it('takes each tone off the graph when it ends, and the output after the last', () => {
    const { fake, player } = setUp(0);
    player.play(schedule.slice(0, 2));
    const [first, second] = fake.oscillators;
    const [output] = fake.outputs();
    first.onended?.();
    expect(first.disconnected).toBe(true);
    expect(output.disconnected).toBe(false);
    second.onended?.();
    expect(output.disconnected).toBe(true);
  });
});
