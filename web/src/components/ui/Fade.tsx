import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Transition, type TransitionStatus } from 'react-transition-group';

/** SPEC §9: 300 ms by default, 350 ms on pages. */
export const FADE_MS = 300;
export const PAGE_FADE_MS = 350;

const opacityByStatus: Record<TransitionStatus, number> = {
  unmounted: 0,
  entering: 1,
  entered: 1,
  exiting: 0,
  exited: 0,
};

interface FadeProps {
  in: boolean;
  children: ReactNode;
  duration?: number;
  appear?: boolean;
  unmountOnExit?: boolean;
  className?: string;
}

/** Opacity fade through the transition states unmounted → entering → entered → exiting → exited. */
export function Fade({ in: inProp, children, duration = FADE_MS, appear = true, unmountOnExit, className }: FadeProps) {
  const nodeRef = useRef<HTMLDivElement>(null);
  return (
    <Transition nodeRef={nodeRef} in={inProp} timeout={duration} appear={appear} unmountOnExit={unmountOnExit}>
      {(status) => {
        const style: CSSProperties = {
          transition: `opacity ${duration}ms ease-in-out`,
          opacity: opacityByStatus[status],
        };
        return (
          <div ref={nodeRef} style={style} className={className} data-fade={status}>
            {children}
          </div>
        );
      }}
    </Transition>
  );
}
