/**
 * When the API refuses a signed-in request with 401 (password changed on another
 * device, signed out everywhere, session revoked), the app must notice instead of
 * showing an empty screen: the API client reports it here, the auth provider
 * signs out locally, and the login page explains what happened.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let noticePending = false;

/** Called by the API client for a 401 to a request that carried a token. */
export function reportSessionRejected() {
  noticePending = true;
  for (const listener of listeners) listener();
}

/** Subscribes to rejected sessions; returns the unsubscribe function. */
export function onSessionRejected(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True after a rejected session until the next sign-in, for the login page's message. */
export function sessionEndedElsewhere(): boolean {
  return noticePending;
}

/** The member signed in again: the message has served its purpose. */
export function clearSessionEndedNotice() {
  noticePending = false;
}
