/*
 * Reminders as notifications (issue 28): the service worker's push and notificationclick
 * handlers. Workbox's generated /sw.js loads this file with importScripts, so it is a classic
 * script: no imports, nothing exported. The pure parts hang on `self.swazPush` so the unit tests
 * can run them (src/lib/push-sw.test.ts).
 *
 * A message's data is the server's JSON: {title, body, url, tag, actions: [{action, title}],
 * tokens: {done?, snooze?}}. "Done" and "Snooze 1 h" post their signed token to
 * /_api/v1/push/actions/{action} without a session: the token is the authority, and the athlete
 * does not have to open SWAZ.
 */
(function (self) {
  'use strict';

  var ICON = '/icons/icon-192.png';
  var BADGE = '/icons/badge-96.png';
  var HOME = '/user-dashboard';
  var ACTIONS = ['done', 'snooze'];

  var texts = {
    fallbackTitle: 'SWAZ',
    done: 'Practice marked done — see you tomorrow',
    snooze: 'We’ll remind you in an hour',
    refused: 'That reminder has expired',
    refusedBody: 'Open SWAZ to mark your practice.',
    offline: 'SWAZ could not be reached',
    offlineBody: 'Open SWAZ to mark your practice when you are back online.',
  };

  /** The message's JSON, or a plain text body under SWAZ's name; null when there is nothing. */
  function parsePayload(text) {
    if (typeof text !== 'string' || text.trim() === '') return null;
    try {
      var data = JSON.parse(text);
      if (data && typeof data === 'object' && !Array.isArray(data)) return data;
    } catch (_) {
      // not JSON: shown as the text it is
    }
    return { title: texts.fallbackTitle, body: text };
  }

  /**
   * Where a tap goes: a path of SWAZ, or an https address (the live call's meeting); anything
   * else opens the dashboard.
   */
  function safeUrl(url) {
    if (typeof url !== 'string') return HOME;
    if (/^\/(?!\/)/.test(url)) return url;
    return /^https:\/\/[^/\s]+/i.test(url) ? url : HOME;
  }

  /** Only the actions SWAZ knows and holds a token for become buttons. */
  function actionsOf(payload) {
    var tokens = payload.tokens || {};
    var listed = Array.isArray(payload.actions) ? payload.actions : [];
    return listed
      .filter(function (a) {
        return a && ACTIONS.indexOf(a.action) >= 0 && typeof tokens[a.action] === 'string' && typeof a.title === 'string';
      })
      .map(function (a) {
        return { action: a.action, title: a.title };
      });
  }

  /** showNotification's title and options for a message's data. */
  function notificationOf(payload) {
    var tag = typeof payload.tag === 'string' && payload.tag !== '' ? payload.tag : undefined;
    var options = {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: ICON,
      badge: BADGE,
      data: { url: safeUrl(payload.url), tag: tag, tokens: payload.tokens || {} },
      actions: actionsOf(payload),
    };
    if (tag) {
      options.tag = tag;
      // A snoozed reminder comes back under the same tag: it should be heard again.
      options.renotify = true;
    }
    return {
      title: typeof payload.title === 'string' && payload.title !== '' ? payload.title : texts.fallbackTitle,
      options: options,
    };
  }

  /**
   * What the confirming notification says after an action's answer (status 0: no answer);
   * `alreadyDone`: a Snooze the server refused to schedule because Done was pressed before.
   */
  function confirmationOf(action, status, message, alreadyDone) {
    // The server's words say more (when a snoozed reminder comes back).
    if (status >= 200 && status < 300) return { title: alreadyDone ? texts.done : texts[action], body: message || '' };
    if (status === 0) return { title: texts.offline, body: texts.offlineBody };
    return { title: texts.refused, body: message || texts.refusedBody };
  }

  async function postAction(action, token) {
    try {
      var res = await fetch('/_api/v1/push/actions/' + action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({ token: token }),
      });
      var message = '';
      var alreadyDone = false;
      try {
        var answer = await res.json();
        message = answer.message || '';
        alreadyDone = answer.alreadyDone === true;
      } catch (_) {
        // an answer without JSON
      }
      return { status: res.status, message: message, alreadyDone: alreadyDone };
    } catch (_) {
      return { status: 0, message: '', alreadyDone: false };
    }
  }

  async function act(notification, action) {
    var data = notification.data || {};
    notification.close();
    var answer = await postAction(action, data.tokens[action]);
    var said = confirmationOf(action, answer.status, answer.message, answer.alreadyDone);
    await self.registration.showNotification(said.title, {
      body: said.body,
      icon: ICON,
      badge: BADGE,
      tag: data.tag,
      silent: true,
      data: { url: data.url || HOME, tokens: {} },
    });
  }

  /** Brings an open SWAZ window forward (on `url`), or opens one; another site opens in its own. */
  async function open(url) {
    var target = new URL(url, self.location.origin).href;
    if (new URL(target).origin !== self.location.origin) {
      await self.clients.openWindow(target);
      return;
    }
    var windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (var i = 0; i < windows.length; i++) {
      var client = windows[i];
      if (new URL(client.url).origin !== self.location.origin) continue;
      try {
        var focused = await client.focus();
        if (client.url !== target) await focused.navigate(target);
        return;
      } catch (_) {
        // not allowed to focus, or not controlled by this worker yet: the next one, or a new window
      }
    }
    await self.clients.openWindow(target);
  }

  /** A synthetic event (dispatched by a test) refuses waitUntil; the work runs all the same. */
  function keepAlive(event, work) {
    try {
      event.waitUntil(work);
    } catch (_) {
      // not a real event
    }
  }

  self.swazPush = {
    parsePayload: parsePayload,
    notificationOf: notificationOf,
    confirmationOf: confirmationOf,
    safeUrl: safeUrl,
  };

  self.addEventListener('push', function (event) {
    var payload = parsePayload(event.data ? event.data.text() : '');
    if (!payload) return;
    var shown = notificationOf(payload);
    keepAlive(event, self.registration.showNotification(shown.title, shown.options));
  });

  self.addEventListener('notificationclick', function (event) {
    var notification = event.notification;
    var data = notification.data || {};
    var work =
      ACTIONS.indexOf(event.action) >= 0 && data.tokens && data.tokens[event.action]
        ? act(notification, event.action)
        : (notification.close(), open(safeUrl(data.url)));
    keepAlive(event, work);
  });
})(self);
