import { expect, type APIRequestContext } from '@playwright/test';

// The test server's settable clock (`/_dev/clock`). The specs of a run share one server, so a
// spec moves it forward, or puts it back after its test; never assume it reads the machine's time.

/** The server's clock now. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const answer = await request.get('/_dev/clock');
  expect(answer.ok()).toBe(true);
  return new Date(((await answer.json()) as { now: string }).now);
}

/** How far this worker's tests have moved the clock since it was last put back. */
let moved = 0;

/** Moves the server's clock `seconds` ahead (back, when negative). */
export async function advanceClock(request: APIRequestContext, seconds: number) {
  const answer = await request.post('/_dev/clock', { data: { advanceSeconds: seconds } });
  expect(answer.ok()).toBe(true);
  moved += seconds;
}

/**
 * Moves the clock back by what the tests moved it, so the next spec meets a server whose clock
 * reads about the machine's (a browser days behind its server signs nobody in by e-mailed link).
 * Every spec that moves the clock calls this after each test.
 */
export async function putClockBack(request: APIRequestContext) {
  if (moved !== 0) await advanceClock(request, -moved);
}
