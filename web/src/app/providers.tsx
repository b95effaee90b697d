import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { whenToastRequested } from '@/lib/toast';
import { AuthProvider } from './auth-provider';

// Fetched after the first page is up; a toast shown before it arrives waits for it.
const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/**
 * True on the first toast, or once the page has loaded and the browser is idle: fetching and
 * mounting the container is kept out of the first page's render, where it competed with the
 * page's own requests and rendering.
 */
function useToastContainerWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = whenToastRequested(want);
    // Safari has no requestIdleCallback.
    const idleSupported = 'requestIdleCallback' in window;
    let idle: number | undefined;
    const whenIdle = () => {
      idle = idleSupported ? window.requestIdleCallback(want, { timeout: 2000 }) : window.setTimeout(want, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      unsubscribe();
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (idleSupported) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted]);
  return wanted;
}

/** SPEC §9's toast defaults. */
function Toasts() {
  if (!useToastContainerWanted()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick
        draggable
        draggableDirection="x"
        draggablePercent={80}
        role="alert"
        theme="light"
      />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
