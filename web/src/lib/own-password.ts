import type { User } from '@supabase/auth-js';
import { authClient, linkTypeAtStart } from './auth';

/**
 * A member whose account was made at checkout has a password we generated, and the confirmation
 * link signs them in without it: many never learn one. Their `user_metadata.own_password` is
 * `false` until they choose their own (then the key is removed); while it is, the app asks them
 * on each visit, and "Not now" holds until the next one (this tab's session storage).
 */
const OWN_PASSWORD = 'own_password';

/** Set on the tab where "Not now" was answered. */
const LATER_KEY = 'swaz.own-password-later';

/** Set on the tab that signed in with the generated password, for the change-password offer. */
const OFFER_KEY = 'swaz.offer-own-password';

/** Where the offer after signing in with the generated password is made. */
export const OWN_PASSWORD_PATH = '/account/change-password';

function read(storageKey: string): boolean {
  try {
    return window.sessionStorage.getItem(storageKey) === '1';
  } catch {
    return false;
  }
}

function write(storageKey: string, on: boolean) {
  try {
    if (on) window.sessionStorage.setItem(storageKey, '1');
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    // Without storage the member is simply asked again.
  }
}

/** True while the member has not chosen a password of their own. */
export function ownPasswordOwed(user: User | null | undefined): boolean {
  return user?.user_metadata?.[OWN_PASSWORD] === false;
}

/** True once the member answered "Not now" in this visit. */
export function ownPasswordLater(): boolean {
  return read(LATER_KEY);
}

export function askForOwnPasswordLater() {
  write(LATER_KEY, true);
}

/**
 * Remembers with the account that its password was not chosen by the member, unless they chose
 * one already (`own_password: true`, given at a sign-up with a password of their own).
 */
export async function markOwnPasswordOwed(): Promise<void> {
  const { data } = await authClient.getUser();
  const flag: unknown = data.user?.user_metadata?.[OWN_PASSWORD];
  if (!data.user || flag !== undefined) return;
  await authClient.updateUser({ data: { [OWN_PASSWORD]: false } });
}

let linkSignInSeen = false;

/**
 * The page was opened from the sign-up confirmation link, which signed the member in without
 * their password: they are asked to choose one.
 */
export async function noteLinkSignIn(): Promise<void> {
  if (linkSignInSeen || linkTypeAtStart !== 'signup') return;
  linkSignInSeen = true;
  await authClient.initialize();
  await markOwnPasswordOwed();
}

/** The member chose their own password: the account stops asking. */
export async function ownPasswordChosen(): Promise<void> {
  withdrawOwnPasswordOffer();
  const { data } = await authClient.getUser();
  if (ownPasswordOwed(data.user)) await authClient.updateUser({ data: { [OWN_PASSWORD]: null } });
}

/** Signed in with the generated password: offered on the change-password screen next. */
export function offerOwnPassword() {
  write(OFFER_KEY, true);
}

export function ownPasswordOffered(): boolean {
  return read(OFFER_KEY);
}

/** The offer is closed with "Not now": the prompt holds off for this visit too. */
export function withdrawOwnPasswordOffer() {
  write(OFFER_KEY, false);
}
