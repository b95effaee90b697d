import { useSyncExternalStore } from 'react';
import {
  dailyReducer,
  initialDailyState,
  initialWeeklyState,
  reviveDaily,
  reviveWeekly,
  weeklyReducer,
  type DailyWizardAction,
  type DailyWizardState,
  type WeeklyWizardAction,
  type WeeklyWizardState,
} from './wizard';

export interface WizardStore<S, A> {
  getState: () => S;
  dispatch: (action: A) => void;
  subscribe: (listener: () => void) => () => void;
  /** Forgets the draft, in memory and in sessionStorage (on sign-out). */
  clear: () => void;
}

function readStorage(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: unknown) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the wizard still works, it only forgets on reload.
  }
}

/**
 * A module store kept in sessionStorage, so a reload mid-wizard keeps the
 * answers while a new tab starts afresh. Read lazily: the first reader revives it.
 */
export function createWizardStore<S, A>(
  storageKey: string,
  reducer: (state: S, action: A) => S,
  initial: S,
  revive: (raw: unknown) => S,
): WizardStore<S, A> {
  let state: S | undefined;
  const listeners = new Set<() => void>();
  const getState = () => {
    if (state === undefined) {
      const stored = typeof window === 'undefined' ? null : readStorage(storageKey);
      state = stored === null ? initial : revive(stored);
    }
    return state;
  };
  return {
    getState,
    dispatch(action) {
      const next = reducer(getState(), action);
      if (next === state) return;
      state = next;
      writeStorage(storageKey, next);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      state = initial;
      try {
        window.sessionStorage.removeItem(storageKey);
      } catch {
        // Nothing stored to forget.
      }
      for (const listener of listeners) listener();
    },
  };
}

export const dailyWizard = createWizardStore<DailyWizardState, DailyWizardAction>(
  'swaz.planning.daily-action',
  dailyReducer,
  initialDailyState,
  reviveDaily,
);

export const weeklyWizard = createWizardStore<WeeklyWizardState, WeeklyWizardAction>(
  'swaz.planning.weekly-map',
  weeklyReducer,
  initialWeeklyState,
  reviveWeekly,
);

/** Forgets both planning drafts, so the next athlete on this browser starts afresh. */
export function clearPlanningDrafts() {
  dailyWizard.clear();
  weeklyWizard.clear();
}

/** The current state of a wizard store, re-rendering on every change. */
export function useWizard<S, A>(store: WizardStore<S, A>): [S, (action: A) => void] {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return [state, store.dispatch];
}
