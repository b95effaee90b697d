import type { RouteObject } from 'react-router';
import { AuthRoute } from './AuthRoute';

export const authRoutes: RouteObject[] = [
  { path: 'auth/:authType', element: <AuthRoute /> },
  { path: 'auth/:authType/:id', element: <AuthRoute /> },
];
