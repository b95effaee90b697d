import { expect, type APIRequestContext } from '@playwright/test';

// The test server's settable clock (`/_dev/clock`). It only ever moves forward: the specs of a
// run share one server.

/** The server's clock now. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const answer = await request.get('/_dev/clock');
  expect(answer.ok()).toBe(true);
  return new Date(((await answer.json()) as { now: string }).now);
}

/** Moves the server's clock `seconds` ahead. */
export async function advanceClock(request: APIRequestContext, seconds: number) {
  const answer = await request.post('/_dev/clock', { data: { advanceSeconds: seconds } });
  expect(answer.ok()).toBe(true);
}
