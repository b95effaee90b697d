import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screen = () => import('./EnvRoute');

export const envRoutes: RouteObject[] = [{ path: 'env', lazy: lazyScreen(screen, (s) => <s.EnvRoute />) }];
