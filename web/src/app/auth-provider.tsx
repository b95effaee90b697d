import type { Session } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { needsSecondFactor } from '@/lib/assurance';
import { authClient } from '@/lib/auth';
import { AuthContext, type AuthState } from '@/lib/auth-context';
import { usePracticeSync } from '@/lib/practice-sync';
import { noteLinkSignIn } from '@/lib/own-password';
import { isPaid, useProfile } from '@/lib/queries/profile';
import { clearSessionEndedNotice, onSessionRejected } from '@/lib/session-expiry';
import { useTimeZoneSync } from './use-time-zone-sync';

/**
 * Holds the session from auth-js events (SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED, INITIAL_SESSION) and renders
 * nothing until the initial session is known (SPEC §4).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [ready, setReady] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    const { data } = authClient.onAuthStateChange((event, next) => {
      if (event === 'SIGNED_OUT') {
        // Nothing of this athlete's may show to whoever signs in next on this browser.
        queryClient.removeQueries();
        // Nor the last answers the service worker keeps for offline use (vite.config.ts).
        if ('caches' in window) {
          void caches.delete('swaz-api');
          void caches.delete('swaz-recording');
        }
        // The planning code loads with its screens; fetched here only to forget a draft.
        void import('@/features/planning/store').then((store) => store.clearPlanningDrafts());
        void import('@/features/vision/drafts').then((drafts) => drafts.clearVisionDrafts());
        // Nor the next person get this athlete's reminders (and their Done buttons) on this device.
        void import('@/features/account/push-device').then((push) => push.forgetThisDevice());
      }
      if (event === 'SIGNED_IN') {
        setSigningOut(false);
        clearSessionEndedNotice();
      }
      if (event === 'INITIAL_SESSION') {
        // The first render of the whole app: as a transition React renders it in slices and the
        // page answers input meanwhile (one long task otherwise, most of a cold load's blocking
        // time). Every later event stays urgent, in the order auth-js sends it.
        startTransition(() => {
          setSession(next);
          setReady(true);
        });
        return;
      }
      setSession(next);
      setReady(true);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  // Signed in by the sign-up confirmation link: the account is asked for a password of its own.
  useEffect(() => {
    void noteLinkSignIn();
  }, []);

  // A session the server no longer honours ends here too; the login guard then
  // sends the member to /auth/login with this page as returnUrl.
  useEffect(
    () =>
      onSessionRejected(() => {
        void authClient.signOut({ scope: 'local' });
      }),
    [],
  );

  // A password without the owed authenticator code is no sign-in yet: the API would refuse it,
  // so the app shows no member page and calls nothing with it until the code is entered.
  const secondFactorPending = needsSecondFactor(session);
  const signedIn = secondFactorPending ? null : session;

  const profile = useProfile({ enabled: Boolean(signedIn?.access_token) });
  const subscribed = profile.data ? isPaid(profile.data) : true;
  useTimeZoneSync(signedIn?.user.id, profile.data);
  usePracticeSync(signedIn?.user.id);

  const signOut = useCallback(async (scope: 'global' | 'local' = 'global') => {
    // Set before the session goes, in the same urgent update order: a protected
    // page must not read "no session" as "please log in".
    setSigningOut(true);
    const { error } = await authClient.signOut({ scope });
    if (error) setSigningOut(false);
    return { error };
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      session: signedIn,
      user: signedIn?.user ?? null,
      secondFactorPending,
      subscribed,
      signingOut,
      signOut,
    }),
    [signedIn, secondFactorPending, subscribed, signingOut, signOut],
  );

  if (!ready) return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
