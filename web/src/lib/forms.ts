import { useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** The first validation message of a form, in field order. */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  for (const value of Object.values(errors)) {
    if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
      return value.message;
    }
  }
  return undefined;
}

/**
 * SPEC §4: a field shows its error only after it loses focus, and only if it
 * has a value or once had one; after a submit attempt every error shows.
 */
export function useVisibleErrors<T extends FieldValues>(form: UseFormReturn<T>) {
  const [hadValue, setHadValue] = useState<Partial<Record<Path<T>, true>>>({});
  const { errors, touchedFields, isSubmitted, defaultValues } = form.formState;

  const noteValue = (name: Path<T>, value: unknown) => {
    if (value !== '' && value !== undefined && !hadValue[name]) {
      setHadValue((current) => ({ ...current, [name]: true }));
    }
  };

  const errorFor = (name: Path<T>): string | undefined => {
    const error = (errors as Record<string, { message?: string } | undefined>)[name];
    if (!error?.message) return undefined;
    if (isSubmitted) return error.message;
    const touched = Boolean((touchedFields as Record<string, unknown>)[name]);
    const value = form.getValues(name);
    const hasValue = value !== '' && value !== undefined && value !== null;
    // A loaded value counts as one the field once had.
    const loaded = (defaultValues as Record<string, unknown> | undefined)?.[name];
    const hadLoaded = loaded !== '' && loaded !== undefined && loaded !== null;
    return touched && (hasValue || hadValue[name] || hadLoaded) ? error.message : undefined;
  };

  return { errorFor, noteValue };
}
