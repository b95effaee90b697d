import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { Board } from '../board';
import { teamKeys } from './keys';

export async function getBoard(): Promise<Board> {
  return unwrap(await api.GET('/team/board'));
}

/** Athletes practise and change what they share from other browsers: read afresh on every visit. */
export const boardQueryOptions = queryOptions({
  queryKey: teamKeys.board,
  queryFn: getBoard,
  staleTime: 0,
});

export function useBoard() {
  return useQuery(boardQueryOptions);
}
