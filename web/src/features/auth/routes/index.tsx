import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screen = () => import('./AuthRoute');

export const authRoutes: RouteObject[] = [
  { path: 'auth/:authType', lazy: lazyScreen(screen, (s) => <s.AuthRoute />) },
  { path: 'auth/:authType/:id', lazy: lazyScreen(screen, (s) => <s.AuthRoute />) },
];
