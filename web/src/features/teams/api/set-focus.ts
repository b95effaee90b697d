import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { practiceKeys } from '@/lib/practice-keys';
import type { TeamFocus } from '@/lib/queries/team-focus';
import { toastSuccess } from '@/lib/toast';
import type { Board } from '../board';
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
      // The board shows the new focus at once; who planned toward it is counted afresh.
      queryClient.setQueryData<Board>(teamKeys.board, (board) => (board ? { ...board, focus: saved } : board));
      void queryClient.invalidateQueries({ queryKey: teamKeys.board });
      // The coach's own dashboard shows the team's focus too.
      void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
      toastSuccess(teamTexts.focus.saved);
    },
  });
}
