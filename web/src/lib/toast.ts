import { toast, type ToastOptions } from 'react-toastify';

/** SPEC §9: login and team toasts close after 1400 ms. */
export const QUICK_TOAST: ToastOptions = { autoClose: 1400 };

export function toastSuccess(message: string, options?: ToastOptions) {
  toast.success(message, options);
}

export function toastError(message: string, options?: ToastOptions) {
  toast.error(message, options);
}

export function toastInfo(message: string, options?: ToastOptions) {
  return toast.info(message, options);
}

/** Text of any thrown value, for toasts that show "the serialised error". */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Closes a toast opened by {@link toastInfo} (e.g. a 'sending...' that is over). */
export function dismissToast(id: string | number) {
  toast.dismiss(id);
}
