import type { FormEvent } from 'react';

/**
 * Lets a text area grow with its content: never below its `rows` (SPEC §5), taller once the
 * text needs it, so a long answer is read whole without scrolling inside the box.
 */
export function growToFit(textarea: HTMLTextAreaElement) {
  textarea.style.height = '';
  if (textarea.scrollHeight <= textarea.clientHeight) return;
  const borders = textarea.offsetHeight - textarea.clientHeight;
  textarea.style.height = `${textarea.scrollHeight + borders}px`;
}

/** For a form's onInput: grows the text area typed in. */
export function growTypedTextarea(event: FormEvent<HTMLFormElement>) {
  if (event.target instanceof HTMLTextAreaElement) growToFit(event.target);
}

/** Grows every text area of a form, e.g. after a draft or a saved answer filled them. */
export function growAll(form: HTMLFormElement | null) {
  form?.querySelectorAll('textarea').forEach(growToFit);
}
