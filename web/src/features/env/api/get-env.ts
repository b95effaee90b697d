import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';

export type EnvInfo = paths['/env']['get']['responses'][200]['content']['application/json'];

export async function getEnv(): Promise<EnvInfo> {
  return unwrap(await api.GET('/env'));
}

export const envQueryOptions = queryOptions({ queryKey: ['GetEnv'], queryFn: getEnv });

export function useEnv() {
  return useQuery(envQueryOptions);
}
