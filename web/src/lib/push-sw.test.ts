import { describe, expect, it, vi } from 'vitest';
import source from '../../public/push-sw.js?raw';

/** The part of a service worker's global scope push-sw.js uses, recorded. */
function fakeWorker({ answer = { status: 200, body: { message: 'ok' } } as { status: number; body?: unknown } | 'offline' } = {}) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: NotificationOptions & { data?: unknown; actions?: unknown } }[] = [];
  const posted: { url: string; init: RequestInit }[] = [];
  const opened: string[] = [];
  const windows: { url: string; focus: () => Promise<unknown> }[] = [];
  const self = {
    location: { origin: 'https://swaz.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
    swazPush: undefined as unknown as SwazPush,
  };
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    posted.push({ url, init });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
  });
  new Function('self', 'fetch', 'URL', source)(self, fetch, URL);
  return { self, listeners, shown, posted, opened, windows };
}

interface SwazPush {
  parsePayload(text: string): Record<string, unknown> | null;
  notificationOf(payload: Record<string, unknown>): { title: string; options: Record<string, unknown> };
  confirmationOf(action: string, status: number, message: string, alreadyDone?: boolean): { title: string; body: string };
  safeUrl(url: unknown): string;
}

const daily = {
  title: 'Time for your 10 minutes',
  body: 'Your vision, then the breathing.',
  url: '/user-dashboard',
  tag: 'daily:2026-11-26',
  actions: [
    { action: 'done', title: 'Done' },
    { action: 'snooze', title: 'Snooze 1 h' },
  ],
  tokens: { done: 'tok-done', snooze: 'tok-snooze' },
};

/** A notificationclick as a test dispatches it: waitUntil throws outside a real event. */
function click(notificationData: unknown, action = '', waitUntilThrows = false) {
  const notification = { data: notificationData, close: vi.fn() };
  const pending: Promise<unknown>[] = [];
  return {
    notification,
    pending,
    event: {
      notification,
      action,
      waitUntil: (p: Promise<unknown>) => {
        if (waitUntilThrows) throw new DOMException('not a real event', 'InvalidStateError');
        pending.push(p);
      },
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a push message becomes a notification', () => {
  it('with the title, body, tag, the SWAZ icon and the actions it holds tokens for', () => {
    const { self } = fakeWorker();
    const { title, options } = self.swazPush.notificationOf(daily);
    expect(title).toBe('Time for your 10 minutes');
    expect(options).toMatchObject({
      body: 'Your vision, then the breathing.',
      tag: 'daily:2026-11-26',
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      actions: daily.actions,
      data: { url: '/user-dashboard', tag: 'daily:2026-11-26', tokens: daily.tokens },
    });
  });

  it('leaves out an action without a token and actions it does not know', () => {
    const { self } = fakeWorker();
    const { options } = self.swazPush.notificationOf({
      ...daily,
      actions: [...daily.actions, { action: 'delete-account', title: 'Delete' }],
      tokens: { snooze: 'tok-snooze' },
    });
    expect(options.actions).toEqual([{ action: 'snooze', title: 'Snooze 1 h' }]);
  });

  it('confirms a Snooze pressed after Done as done, not as a reminder to come', () => {
    const { self } = fakeWorker();
    expect(self.swazPush.confirmationOf('snooze', 200, "We'll remind you again at 21:00.")).toEqual({
      title: 'We’ll remind you in an hour',
      body: "We'll remind you again at 21:00.",
    });
    expect(self.swazPush.confirmationOf('snooze', 200, 'You marked this done already.', true).title).toBe(
      'Practice marked done — see you tomorrow',
    );
  });

  it('opens a path of SWAZ or an https address (the live call), nothing else', () => {
    const { self } = fakeWorker();
    expect(self.swazPush.safeUrl('/weekly-map-welcome')).toBe('/weekly-map-welcome');
    expect(self.swazPush.safeUrl('https://meet.example/swaz-live')).toBe('https://meet.example/swaz-live');
    expect(self.swazPush.safeUrl('javascript:alert(1)')).toBe('/user-dashboard');
    expect(self.swazPush.safeUrl('http://meet.example/')).toBe('/user-dashboard');
    expect(self.swazPush.safeUrl('//evil.example/')).toBe('/user-dashboard');
    expect(self.swazPush.safeUrl(undefined)).toBe('/user-dashboard');
  });

  it('shows plain text under SWAZ and nothing for an empty message', () => {
    const { self } = fakeWorker();
    expect(self.swazPush.parsePayload('Hello')).toEqual({ title: 'SWAZ', body: 'Hello' });
    expect(self.swazPush.parsePayload('')).toBeNull();
    expect(self.swazPush.notificationOf({}).title).toBe('SWAZ');
    expect(self.swazPush.notificationOf({}).options).not.toHaveProperty('tag');
  });

  it('is shown by the push handler', async () => {
    const { listeners, shown } = fakeWorker();
    const pending: Promise<unknown>[] = [];
    listeners.push({ data: { text: () => JSON.stringify(daily) }, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toBe(daily.title);
  });
});

describe('a notification click', () => {
  it('"Done" posts its token without a session and confirms, even from a synthetic event', async () => {
    const { self, listeners, shown, posted } = fakeWorker();
    const { options } = self.swazPush.notificationOf(daily);
    const { event, notification } = click(options.data, 'done', true);
    listeners.notificationclick(event);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(notification.close).toHaveBeenCalled();
    expect(posted).toHaveLength(1);
    expect(posted[0].url).toBe('/_api/v1/push/actions/done');
    expect(posted[0].init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(JSON.parse(String(posted[0].init.body))).toEqual({ token: 'tok-done' });
    expect(shown[0].title).toBe('Practice marked done — see you tomorrow');
    expect(shown[0].options).toMatchObject({ tag: 'daily:2026-11-26', silent: true });
  });

  it('"Snooze" says when it comes back', async () => {
    const { self, listeners, shown, posted } = fakeWorker({ answer: { status: 200, body: { message: "We'll remind you again at 21:05." } } });
    const { event, pending } = click(self.swazPush.notificationOf(daily).options.data, 'snooze');
    listeners.notificationclick(event);
    await Promise.all(pending);
    expect(posted[0].url).toBe('/_api/v1/push/actions/snooze');
    expect(shown[0]).toMatchObject({ title: 'We’ll remind you in an hour', options: { body: "We'll remind you again at 21:05." } });
  });

  it('says so when the token is refused or SWAZ cannot be reached', async () => {
    const refused = fakeWorker({ answer: { status: 400, body: { message: 'This reminder has expired.' } } });
    const first = click(refused.self.swazPush.notificationOf(daily).options.data, 'done');
    refused.listeners.notificationclick(first.event);
    await Promise.all(first.pending);
    expect(refused.shown[0]).toMatchObject({ title: 'That reminder has expired', options: { body: 'This reminder has expired.' } });

    const offline = fakeWorker({ answer: 'offline' });
    const second = click(offline.self.swazPush.notificationOf(daily).options.data, 'done');
    offline.listeners.notificationclick(second.event);
    await Promise.all(second.pending);
    expect(offline.shown[0].title).toBe('SWAZ could not be reached');
  });

  it('on the notification itself opens its page, or brings an open SWAZ window forward', async () => {
    const none = fakeWorker();
    const first = click(none.self.swazPush.notificationOf({ ...daily, url: '/planning/weekly' }).options.data);
    none.listeners.notificationclick(first.event);
    await Promise.all(first.pending);
    expect(none.opened).toEqual(['https://swaz.example/planning/weekly']);
    expect(none.posted).toHaveLength(0);

    const open = fakeWorker();
    const navigate = vi.fn(async () => undefined);
    const windowClient = { url: 'https://swaz.example/account', navigate, focus: async () => windowClient };
    open.windows.push(windowClient);
    const second = click(open.self.swazPush.notificationOf(daily).options.data);
    open.listeners.notificationclick(second.event);
    await Promise.all(second.pending);
    await settle();
    expect(open.opened).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('https://swaz.example/user-dashboard');

    const meeting = fakeWorker();
    meeting.windows.push({ url: 'https://swaz.example/user-dashboard', focus: async () => Promise.reject(new Error('not this one')) });
    const live = click(meeting.self.swazPush.notificationOf({ ...daily, url: 'https://meet.example/swaz-live' }).options.data);
    meeting.listeners.notificationclick(live.event);
    await Promise.all(live.pending);
    expect(meeting.opened).toEqual(['https://meet.example/swaz-live']);

    const refused = fakeWorker();
    refused.windows.push({
      url: 'https://swaz.example/account',
      focus: async () => {
        throw new DOMException('not allowed', 'InvalidAccessError');
      },
    });
    const third = click(refused.self.swazPush.notificationOf(daily).options.data);
    refused.listeners.notificationclick(third.event);
    await Promise.all(third.pending);
    expect(refused.opened).toEqual(['https://swaz.example/user-dashboard']);
  });
});
