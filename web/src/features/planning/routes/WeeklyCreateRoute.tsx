import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { useRecentWeeklyMap } from '../api/get-recent-weekly-map';
import { useSaveWeeklyMap } from '../api/save-weekly-map';
import { Finished } from '../components/Finished';
import { useVisionReminder } from '../components/use-vision-reminder';
import { Wizard } from '../components/Wizard';
import { useWizard, weeklyWizard } from '../store';
import { planningTexts as t } from '../texts';
import { weeklyMapBody, weeklySteps } from '../wizard';

/** /weekly-map-create: review the week (not on a first map), plan the next, one question per step. */
export function WeeklyCreateRoute() {
  useState(() => {
    if (weeklyWizard.getState().weeklyMapFinishedResponse) weeklyWizard.dispatch({ type: 'reset', first: false });
    return null;
  });
  const keyOfThisVisit = useRef<string | null>(null);
  const [state, dispatch] = useWizard(weeklyWizard);
  const save = useSaveWeeklyMap();
  useVisionReminder(dispatch);

  // Opened without Start: ask the server whether a map exists, as Start would (SPEC §4).
  const unknownFirst = state.first === null;
  const recent = useRecentWeeklyMap();
  useEffect(() => {
    if (unknownFirst && !recent.isPending) {
      dispatch({ type: 'resolveFirst', first: !(recent.isSuccess && recent.data) });
    }
  }, [unknownFirst, recent.isPending, recent.isSuccess, recent.data, dispatch]);

  if (state.weeklyMapFinishedResponse) {
    return <Finished title={t.weeklyMapTitle} lead={t.weeklySavedLead} bedtime={false} />;
  }
  if (state.first === null) return <Spinner label={t.loading} />;
  const first = state.first;

  return (
    <Wizard
      title={t.weeklyMapTitle}
      steps={weeklySteps(first)}
      answers={state.weeklyMap}
      order={state.order}
      dispatch={dispatch}
      vision={state.athleticVision}
      exitTo="/weekly-map-welcome"
      summaryNote={first ? t.summaryFirstWeek : undefined}
      onSave={() => {
        if (save.isPending) return;
        // A ref, not the state: a second tap in the same moment must send the same key.
        const key = state.draftKey ?? (keyOfThisVisit.current ??= crypto.randomUUID());
        dispatch({ type: 'draftKey', key });
        save.mutate(
          { body: weeklyMapBody(state.weeklyMap, first), key },
          { onSuccess: (response) => dispatch({ type: 'finished', response }) },
        );
      }}
      saving={save.isPending}
      saveError={save.error}
    />
  );
}
