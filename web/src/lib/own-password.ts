/**
 * A member who signed in with the password generated at checkout is offered to
 * choose their own on the change-password screen, once, in this tab.
 */
const OFFER_KEY = 'swaz.offer-own-password';

/** Where the offer is made. */
export const OWN_PASSWORD_PATH = '/account/change-password';

export function offerOwnPassword() {
  try {
    window.sessionStorage.setItem(OFFER_KEY, '1');
  } catch {
    // Without storage the offer is simply not made.
  }
}

export function ownPasswordOffered(): boolean {
  try {
    return window.sessionStorage.getItem(OFFER_KEY) === '1';
  } catch {
    return false;
  }
}

export function withdrawOwnPasswordOffer() {
  try {
    window.sessionStorage.removeItem(OFFER_KEY);
  } catch {
    // Nothing stored.
  }
}
