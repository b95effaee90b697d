import './styles/index.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { listenForInstallPrompt } from '@/lib/phone/install';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

listenForInstallPrompt();

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
