import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** Payment return of a signed-in member: attaches the paid session (team defaults to 0). */
export async function applySubscriptionSuccess(
  sessionId: string,
  team: string,
): Promise<components['schemas']['SuccessStatus']> {
  return unwrap(await api.POST('/stripe/subscriptionsuccess', { params: { query: { sessionid: sessionId, team } } }));
}
