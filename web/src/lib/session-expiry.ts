/**
 * When the API refuses a signed-in request with 401 even after the session was refreshed, the
 * app must notice instead of showing an empty screen: the API client reports it here with the
 * reason, the auth provider signs out locally, and the login page explains what happened.
 */
import { useSyncExternalStore } from 'react';

/**
 * `revoked`: the identity service no longer knows the session (a password change or a sign-out
 * everywhere); `expired`: any other refusal, such as a refresh that failed for another reason.
 */
export type SessionEndReason = 'revoked' | 'expired';

type Listener = () => void;

const rejectedListeners = new Set<Listener>();
const noticeListeners = new Set<Listener>();
let notice: SessionEndReason | null = null;

function setNotice(next: SessionEndReason | null) {
  notice = next;
  for (const listener of noticeListeners) listener();
}

/** Called by the API client when a request with a token stays refused. */
export function reportSessionRejected(reason: SessionEndReason) {
  setNotice(reason);
  for (const listener of rejectedListeners) listener();
}

/** Subscribes to rejected sessions; returns the unsubscribe function. */
export function onSessionRejected(listener: Listener): () => void {
  rejectedListeners.add(listener);
  return () => rejectedListeners.delete(listener);
}

/** Why the last session ended, until the next sign-in, for the login page's message. */
export function sessionEndReason(): SessionEndReason | null {
  return notice;
}

/** The reason as React state: it may arrive after the login page is shown. */
export function useSessionEndReason(): SessionEndReason | null {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    sessionEndReason,
  );
}

/** The member signed in again, or closed the message: it has served its purpose. */
export function clearSessionEndedNotice() {
  setNotice(null);
}
