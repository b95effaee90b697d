import type { FormEvent } from 'react';

/**
 * SPEC §5: questionnaire forms use the browser's own validation. The default
 * submit is prevented and the handler runs only when the form is valid.
 */
export function nativeSubmit(onValid: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (event.currentTarget.checkValidity()) onValid();
    else event.currentTarget.reportValidity();
  };
}
