import { createElement } from 'react';
import { ApiError } from '@/lib/api/errors';
import { errorText, toastError } from '@/lib/toast';
import { RenewMembershipToast } from '../components/RenewMembershipToast';
import { visionTexts } from '../texts';

/** The server's message as a toast; a 403 (no membership) also offers the plans page. */
export function toastSaveError(error: unknown) {
  const message = error instanceof ApiError && error.detail ? error.detail : errorText(error, visionTexts.saveFailed);
  if (error instanceof ApiError && error.status === 403) {
    toastError(createElement(RenewMembershipToast, { message }), { autoClose: 10_000, closeOnClick: false });
    return;
  }
  toastError(message);
}
