import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** The e2e folder; a relative SWAZ_BIN is resolved against it. */
const E2E_ROOT = path.resolve(import.meta.dirname, '..');

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
}

function swazBin(): string {
  return path.resolve(E2E_ROOT, process.env.SWAZ_BIN ?? '../target/debug/swaz');
}

/**
 * A fresh, unique user, created with `swaz user create`; confirmed unless
 * `confirmed: false` (then a confirmation mail is sent); with `paid` it also
 * gets a complimentary membership (the PAID role).
 */
export function createUser(
  firstName = 'Jordan',
  { paid = false, confirmed = true }: { paid?: boolean; confirmed?: boolean } = {},
): TestUser {
  const tag = randomBytes(5).toString('hex');
  const user: TestUser = {
    email: `e2e-${Date.now()}-${tag}@example.com`,
    password: `Pw-${tag}-Strong1!`,
    firstName,
  };
  execFileSync(
    swazBin(),
    [
      'user',
      'create',
      '--email',
      user.email,
      '--password',
      user.password,
      '--first-name',
      firstName,
      ...(confirmed ? ['--confirmed'] : []),
      ...(paid ? ['--paid'] : []),
    ],
    // DATABASE_URL and SWAZ_DATA_DIR pass through with the rest of the environment.
    { env: process.env, stdio: ['ignore', 'pipe', 'pipe'], cwd: E2E_ROOT },
  );
  return user;
}
