import { describe, expect, it } from 'vitest';
import {
  enqueuePractice,
  flushPractice,
  MAX_AGE_MS,
  pendingPractice,
  type QueuedPractice,
  type SendOutcome,
} from './practice-queue';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

const now = new Date('2026-11-26T22:30:00Z');
let counter = 0;
const newId = () => `id-${++counter}`;

describe('the practice queue', () => {
  it('keeps each practice with its own time and id, per member', () => {
    const store = memoryStore();
    enqueuePractice('ana', 'vision_listened', { now, newId, store });
    enqueuePractice('ana', 'breathing_done', { now: new Date(now.getTime() + 60_000), newId, store });
    enqueuePractice('ben', 'breathing_done', { now, newId, store });

    const ana = pendingPractice('ana', store);
    expect(ana.map((e) => e.kind)).toEqual(['vision_listened', 'breathing_done']);
    expect(ana[0].at).toBe('2026-11-26T22:30:00.000Z');
    expect(ana[1].at).toBe('2026-11-26T22:31:00.000Z');
    expect(new Set(ana.map((e) => e.id)).size).toBe(2);
    expect(pendingPractice('ben', store)).toHaveLength(1);
  });

  it('sends oldest first and forgets what the server has', async () => {
    const store = memoryStore();
    enqueuePractice('ana', 'vision_listened', { now, newId, store });
    enqueuePractice('ana', 'breathing_done', { now, newId, store });
    const seen: QueuedPractice[] = [];
    const result = await flushPractice('ana', async (e) => (seen.push(e), { status: 'sent' }), { now, store });

    expect(seen.map((e) => e.kind)).toEqual(['vision_listened', 'breathing_done']);
    expect(result.sent).toHaveLength(2);
    expect(pendingPractice('ana', store)).toEqual([]);
    expect(store.map.size).toBe(0);
  });

  it('stops at the first event that has to wait and keeps it and the rest, ids unchanged', async () => {
    const store = memoryStore();
    const first = enqueuePractice('ana', 'vision_listened', { now, newId, store });
    const second = enqueuePractice('ana', 'breathing_done', { now, newId, store });
    let calls = 0;
    const result = await flushPractice('ana', async () => (calls++, { status: 'retry' }), { now, store });

    expect(calls).toBe(1);
    expect(result.pending.map((e) => e.id)).toEqual([first.id, second.id]);

    // Back online: the same ids go out, so the server can answer a repeat with the first event.
    const ids: string[] = [];
    await flushPractice('ana', async (e) => (ids.push(e.id), { status: 'sent' }), { now, store });
    expect(ids).toEqual([first.id, second.id]);
  });

  it('drops an event the server refuses and goes on with the next', async () => {
    const store = memoryStore();
    enqueuePractice('ana', 'vision_listened', { now, newId, store });
    enqueuePractice('ana', 'breathing_done', { now, newId, store });
    const outcomes: SendOutcome[] = [{ status: 'refused', error: new Error('no') }, { status: 'sent' }];
    const result = await flushPractice('ana', async () => outcomes.shift()!, { now, store });

    expect(result.refused.map((r) => r.event.kind)).toEqual(['vision_listened']);
    expect(result.sent.map((e) => e.kind)).toEqual(['breathing_done']);
    expect(result.pending).toEqual([]);
  });

  it('drops unsent what is older than the server accepts', async () => {
    const store = memoryStore();
    enqueuePractice('ana', 'vision_listened', { now: new Date(now.getTime() - MAX_AGE_MS - 1000), newId, store });
    let calls = 0;
    const result = await flushPractice('ana', async () => (calls++, { status: 'sent' }), { now, store });

    expect(calls).toBe(0);
    expect(result.refused).toHaveLength(1);
    expect(pendingPractice('ana', store)).toEqual([]);
  });

  it('runs one flush at a time, so two at once send each event once', async () => {
    const store = memoryStore();
    enqueuePractice('ana', 'vision_listened', { now, newId, store });
    enqueuePractice('ana', 'breathing_done', { now, newId, store });
    const sent: string[] = [];
    const send = async (e: QueuedPractice): Promise<SendOutcome> => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(e.id);
      return { status: 'sent' };
    };
    await Promise.all([flushPractice('ana', send, { now, store }), flushPractice('ana', send, { now, store })]);

    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
  });

  it('reads a damaged store as empty', () => {
    const store = memoryStore();
    store.setItem('swaz.practiceQueue.ana', '{not json');
    expect(pendingPractice('ana', store)).toEqual([]);
  });
});
