import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ChatWidgetSlot } from '@/components/ui/ChatWidgetSlot';
import { Fade, PAGE_FADE_MS } from '@/components/ui/Fade';
import { Footer } from '@/components/ui/Footer';
import { Header } from '@/components/ui/Header';
import { RenewPrompt } from '@/components/ui/RenewPrompt';
import { useAuth } from '@/lib/auth-context';
import { OWN_PASSWORD_PATH, ownPasswordOwed } from '@/lib/own-password';

// The service worker's registration and its "New version" prompt load after the first page.
const UpdatePrompt = lazy(() => import('@/components/ui/UpdatePrompt'));
// Loaded only for a member who is asked to choose a password: it keeps the first download small.
const OwnPasswordPrompt = lazy(() =>
  import('@/features/account/components/OwnPasswordPrompt').then((m) => ({ default: m.OwnPasswordPrompt })),
);

/**
 * Screens where the renew prompt would be in the way of renewing or signing in, and the
 * wizards' start screens, which say it in their own words (SavingNeedsMembership).
 */
const NO_RENEW_PROMPT =
  /^\/(choose-a-plan|_checkout|swaz-subscription|auth\/|teams\/invite\/|env$|(daily-action|weekly-map|athletic-vision)-welcome$)/;

/** Screens without the chat widget (SPEC §2). */
const CHAT_HIDDEN_ON = ['/athletic-vision', '/weekly-map-create', '/daily-action-create'];

export function AppLayout() {
  const { pathname } = useLocation();
  const { session, user, subscribed } = useAuth();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const renew = Boolean(session) && !subscribed && !NO_RENEW_PROMPT.test(path);
  // Not over the screens of signing in and paying, nor over the change-password screen itself.
  const askOwnPassword = ownPasswordOwed(user) && !NO_RENEW_PROMPT.test(path) && path !== OWN_PASSWORD_PATH;
  return (
    <div className="d-flex flex-column min-vh-100">
      <Header />
      {renew && <RenewPrompt />}
      <main className="flex-grow-1 swaz-main">
        <Fade key={path} in duration={PAGE_FADE_MS}>
          <Outlet />
        </Fade>
      </main>
      <Footer />
      {askOwnPassword && (
        <Suspense fallback={null}>
          <OwnPasswordPrompt />
        </Suspense>
      )}
      {!CHAT_HIDDEN_ON.includes(path) && <ChatWidgetSlot />}
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      {/* A new screen opens at its top, Back returns to where the member was. */}
      <ScrollRestoration />
    </div>
  );
}
