import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { teamKeys } from './keys';

export type TeamFocus = components['schemas']['TeamFocus'];

export async function getFocus(): Promise<TeamFocus> {
  return unwrap(await api.GET('/team/focus'));
}

/** The week's focus the coach set for the team (`text` null until one is set). */
export const focusQueryOptions = queryOptions({
  queryKey: teamKeys.focus,
  queryFn: getFocus,
});

export function useFocus() {
  return useQuery(focusQueryOptions);
}
