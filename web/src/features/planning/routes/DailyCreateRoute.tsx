import { useRef, useState } from 'react';
import { useTeamFocus } from '@/lib/queries/team-focus';
import { useAuth } from '@/lib/auth-context';
import { useSaveDailyAction, waitsOnDevice } from '../api/save-daily-action';
import { Finished } from '../components/Finished';
import { TeamFocusNote } from '../components/TeamFocusNote';
import { useVisionReminder } from '../components/use-vision-reminder';
import { Wizard } from '../components/Wizard';
import { dailyWizard, useWizard } from '../store';
import { planningTexts as t } from '../texts';
import { dailyActionBody, dailySteps } from '../wizard';

/** /daily-action-create: review today, plan tomorrow, one question per step (DESIGN §5). */
export function DailyCreateRoute() {
  // Arriving again after a save starts a fresh wizard; a reload mid-wizard keeps the answers.
  useState(() => {
    if (dailyWizard.getState().dailyActionFinishedResponse) dailyWizard.dispatch({ type: 'reset' });
    return null;
  });
  const keyOfThisVisit = useRef<string | null>(null);
  const [state, dispatch] = useWizard(dailyWizard);
  const save = useSaveDailyAction();
  const userId = useAuth().user?.id;
  const hasFocus = Boolean(useTeamFocus().data?.text?.trim());
  useVisionReminder(dispatch);

  const finished = state.dailyActionFinishedResponse;
  if (finished) {
    const lead = waitsOnDevice(userId, finished.id) ? t.dailySavedOnDeviceLead : t.dailySavedLead;
    return <Finished title={t.dailyActionTitle} lead={lead} bedtime />;
  }

  return (
    <Wizard
      title={t.dailyActionTitle}
      steps={dailySteps()}
      answers={state.dailyAction}
      order={state.order}
      dispatch={dispatch}
      vision={state.athleticVision}
      planNote={
        <TeamFocusNote towardFocus={state.towardFocus} onTowardFocus={(on) => dispatch({ type: 'towardFocus', on })} />
      }
      exitTo="/daily-action-welcome"
      onSave={() => {
        if (save.isPending) return;
        // A ref, not the state: a second tap in the same moment must send the same key.
        const key = state.draftKey ?? (keyOfThisVisit.current ??= crypto.randomUUID());
        dispatch({ type: 'draftKey', key });
        save.mutate(
          { body: dailyActionBody(state.dailyAction, hasFocus && state.towardFocus), key },
          { onSuccess: ({ entry }) => dispatch({ type: 'finished', response: entry }) },
        );
      }}
      saving={save.isPending}
      saveError={save.error}
    />
  );
}
