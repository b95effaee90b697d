import { sendJson } from './http';

/** Payment return of a signed-in member: attaches the paid session (team defaults to 0). */
export async function applySubscriptionSuccess(sessionId: string, team: string): Promise<unknown> {
  const query = new URLSearchParams({ sessionid: sessionId, team });
  return sendJson<unknown>('POST', `/stripe/subscriptionsuccess?${query}`, { auth: true });
}
