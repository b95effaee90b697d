import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Factor } from '@supabase/auth-js';
import { authClient } from '@/lib/auth';
import { accountKeys } from './keys';

export interface Factors {
  /** Every factor, an enrollment left unverified included. */
  all: Factor[];
  /** The verified authenticator-app factor, when two-factor sign-in is on. */
  verifiedTotp: Factor | undefined;
}

export async function getFactors(): Promise<Factors> {
  const { data, error } = await authClient.mfa.listFactors();
  if (error) throw error;
  return { all: data.all, verifiedTotp: data.totp[0] };
}

export const factorsQueryOptions = queryOptions({ queryKey: accountKeys.factors, queryFn: getFactors });

export function useFactors() {
  return useQuery(factorsQueryOptions);
}
