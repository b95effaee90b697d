import type { RouteObject } from 'react-router';
import { EnvRoute } from './EnvRoute';

export const envRoutes: RouteObject[] = [{ path: 'env', element: <EnvRoute /> }];
