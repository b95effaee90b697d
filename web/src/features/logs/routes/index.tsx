import type { RouteObject } from 'react-router';
import '../logs.css';
import { LogDetailRoute } from './LogDetailRoute';
import { LogsRoute } from './LogsRoute';

export const logsMemberRoutes: RouteObject[] = [
  { path: 'daily-logs', element: <LogsRoute /> },
  { path: 'daily-logs/:id', element: <LogDetailRoute /> },
];
