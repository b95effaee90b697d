import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth';
import { getFactors } from './get-factors';

/** The name GoTrue keeps the factor under; one authenticator app per member. */
const FRIENDLY_NAME = 'Authenticator app';

export interface Enrollment {
  factorId: string;
  /** A data: URI of the QR code, as auth-js answers it. */
  qrCode: string;
  /** The base32 key, for typing into the app by hand. */
  secret: string;
}

/**
 * Starts turning on two-factor sign-in: an unverified TOTP factor and its QR code. An enrollment
 * left unfinished earlier (page closed before the code) is cleared first: its name would clash.
 */
export async function enrollFactor(): Promise<Enrollment> {
  const { all } = await getFactors();
  for (const stale of all.filter((factor) => factor.status === 'unverified')) {
    const { error } = await authClient.mfa.unenroll({ factorId: stale.id });
    if (error) throw error;
  }
  const { data, error } = await authClient.mfa.enroll({ factorType: 'totp', friendlyName: FRIENDLY_NAME });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrollFactor() {
  return useMutation({ mutationFn: enrollFactor });
}
