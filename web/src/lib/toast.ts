import type { Id, ToastContent, ToastOptions } from 'react-toastify';

/**
 * Toasts (SPEC §9), with react-toastify fetched on the first toast rather than with the first
 * page: every call goes through the same import, so toasts and dismissals keep their order.
 */
const library = () => import('react-toastify');

/** SPEC §9: login and team toasts close after 1400 ms. */
export const QUICK_TOAST: ToastOptions = { autoClose: 1400 };

let lastId = 0;
let toastRequested = false;
const onFirstToast = new Set<() => void>();

/**
 * Calls `listener` once, on the first toast of the page (at once if there was one already): the
 * toast container mounts then, or once the page is idle, not during the first page's render.
 * Answers the unsubscribe.
 */
export function whenToastRequested(listener: () => void): () => void {
  if (toastRequested) {
    listener();
    return () => {};
  }
  onFirstToast.add(listener);
  return () => onFirstToast.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', content: ToastContent, options?: ToastOptions): Id {
  if (!toastRequested) {
    toastRequested = true;
    for (const listener of onFirstToast) listener();
    onFirstToast.clear();
  }
  lastId += 1;
  const toastId = options?.toastId ?? `swaz-toast-${lastId}`;
  void library().then(({ toast }) => toast[kind](content, { ...options, toastId }));
  return toastId;
}

export function toastSuccess(message: ToastContent, options?: ToastOptions) {
  show('success', message, options);
}

export function toastError(message: ToastContent, options?: ToastOptions) {
  show('error', message, options);
}

export function toastInfo(message: ToastContent, options?: ToastOptions): Id {
  return show('info', message, options);
}

/** Text of any thrown value, for toasts that show "the serialised error". */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Closes a toast opened by {@link toastInfo} (e.g. a 'sending...' that is over). */
export function dismissToast(id: Id) {
  void library().then(({ toast }) => toast.dismiss(id));
}
