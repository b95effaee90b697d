import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { contentKeys } from './keys';

export type SiteInfo = paths['/site']['get']['responses'][200]['content']['application/json'];

export async function getSite(): Promise<SiteInfo> {
  return unwrap(await api.GET('/site'));
}

export const siteQueryOptions = queryOptions({ queryKey: contentKeys.site, queryFn: getSite, staleTime: Infinity });

/** The public pages' settings (the testimonial video). */
export function useSite() {
  return useQuery(siteQueryOptions);
}
