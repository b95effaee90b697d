import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A route whose screen is fetched the first time it is visited: `load` imports a feature's
 * `screens` module (one chunk per feature, with its CSS), `render` picks the screen from it.
 * Keeps the first page light: a visitor of `/` downloads no member screen.
 */
export function lazyScreen<M>(load: () => Promise<M>, render: (screens: M) => ReactElement): RouteObject['lazy'] {
  return async () => ({ element: render(await load()) });
}
