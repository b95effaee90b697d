import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { TeamFocus } from '@/lib/queries/team-focus';
import { toastSuccess } from '@/lib/toast';
import { teamTexts } from '../texts';
import { teamKeys } from './keys';

export async function setFocus(text: string): Promise<TeamFocus> {
  return unwrap(await api.PUT('/team/focus', { body: { text } }));
}

/** Sets the week's focus; a refusal's message shows by the field. */
export function useSetFocus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFocus,
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.focus, saved);
      toastSuccess(teamTexts.focus.saved);
    },
  });
}
