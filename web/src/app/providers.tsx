import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { queryClient } from '@/lib/query-client';
import { AuthProvider } from './auth-provider';

/** SPEC §9's toast defaults. */
function Toasts() {
  return (
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
