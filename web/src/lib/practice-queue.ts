/**
 * Practice done on this device waits here until the server has it (issue 28): the bedtime
 * routine works in airplane mode, and each event is sent when the network returns, with the
 * time it happened and an id chosen here, so a retry of an event the server already has is
 * answered with the first one instead of counted twice.
 */

export type PracticeKind = 'vision_listened' | 'breathing_done' | 'daily_action_saved';

export interface QueuedPractice {
  /** Chosen on the device when the practice happens; the server's idempotency key. */
  id: string;
  kind: PracticeKind;
  /** RFC 3339: when the practice happened, so it counts on that day. */
  at: string;
  /** A daily action saved without a network: the answers to send. */
  dailyAction?: Record<string, unknown>;
}

/** What became of one event sent to the server. */
export type SendOutcome =
  | { status: 'sent' }
  /** The server will never take it (too old, malformed): dropped, with the server's reason. */
  | { status: 'refused'; error: unknown }
  /** Offline, a server error, a session to refresh: kept for the next try. */
  | { status: 'retry' };

export type SendPractice = (event: QueuedPractice) => Promise<SendOutcome>;

/** The server takes an event's own time up to 7 days back; older ones are dropped unsent. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (userId: string) => `swaz.practiceQueue.${userId}`;

function isQueued(value: unknown): value is QueuedPractice {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event.id === 'string' && typeof event.kind === 'string' && typeof event.at === 'string';
}

/** The events of this member still waiting, oldest first. */
export function pendingPractice(userId: string, store: KeyValueStore = localStorage): QueuedPractice[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

function save(userId: string, events: QueuedPractice[], store: KeyValueStore) {
  if (events.length === 0) store.removeItem(keyOf(userId));
  else store.setItem(keyOf(userId), JSON.stringify(events));
}

/** Keeps a practice that just happened; it stays until the server has it. */
export function enqueuePractice(
  userId: string,
  kind: PracticeKind,
  options: { now?: Date; newId?: () => string; store?: KeyValueStore; dailyAction?: Record<string, unknown> } = {},
): QueuedPractice {
  const { now = new Date(), newId = () => crypto.randomUUID(), store = localStorage, dailyAction } = options;
  const event: QueuedPractice = { id: newId(), kind, at: now.toISOString(), ...(dailyAction ? { dailyAction } : {}) };
  // The same id again (a second Save of one draft) is kept once.
  const others = pendingPractice(userId, store).filter((e) => e.id !== event.id);
  save(userId, [...others, event], store);
  return event;
}

export interface FlushResult {
  sent: QueuedPractice[];
  refused: { event: QueuedPractice; error: unknown }[];
  /** Still waiting after this try. */
  pending: QueuedPractice[];
}

const running = new Map<string, Promise<FlushResult>>();

/**
 * Sends this member's waiting events, oldest first, one at a time, and stops at the first that
 * has to wait (the network is gone again). One flush per member at a time: a second call while
 * one runs waits for it and then tries again, so an event queued meanwhile is not left behind.
 */
export function flushPractice(
  userId: string,
  send: SendPractice,
  options: { now?: Date; store?: KeyValueStore } = {},
): Promise<FlushResult> {
  const before = running.get(userId);
  const next = (before ?? Promise.resolve()).then(() => flushOnce(userId, send, options));
  const tracked = next.finally(() => {
    if (running.get(userId) === tracked) running.delete(userId);
  });
  running.set(userId, tracked);
  return tracked;
}

async function flushOnce(
  userId: string,
  send: SendPractice,
  { now = new Date(), store = localStorage }: { now?: Date; store?: KeyValueStore },
): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], pending: [] };
  const tooOld = (event: QueuedPractice) => now.getTime() - Date.parse(event.at) > MAX_AGE_MS;
  const remove = (id: string) => save(userId, pendingPractice(userId, store).filter((e) => e.id !== id), store);

  for (const event of pendingPractice(userId, store)) {
    if (tooOld(event)) {
      remove(event.id);
      result.refused.push({ event, error: new Error('older than the server accepts') });
      continue;
    }
    const outcome = await send(event);
    if (outcome.status === 'retry') break;
    remove(event.id);
    if (outcome.status === 'sent') result.sent.push(event);
    else result.refused.push({ event, error: outcome.error });
  }
  result.pending = pendingPractice(userId, store);
  return result;
}
