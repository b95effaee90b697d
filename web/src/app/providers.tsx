import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { AuthProvider } from './auth-provider';

// Fetched after the first page is up; a toast shown before it arrives waits for it.
const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/** SPEC §9's toast defaults. */
function Toasts() {
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
