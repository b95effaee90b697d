import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `unsaved` is true, leaving asks first: the browser's own prompt on reload or closing
 * the tab (beforeunload), a confirm on a move inside the app. Call the returned `allowLeave`
 * right before navigating after a save, so that move is not asked about.
 */
export function useLeaveWarning(unsaved: boolean, message: string): () => void {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return () => {
    allowed.current = true;
  };
}
