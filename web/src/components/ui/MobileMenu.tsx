import type { ReactNode } from 'react';
import Navbar from 'react-bootstrap/Navbar';
import Offcanvas from 'react-bootstrap/Offcanvas';

export const MOBILE_MENU_ID = 'swaz-mobile-menu';

/**
 * The navigation links: inline from 992 px (navbar-expand-lg), a slide-in
 * panel below that, opened by the navbar toggle.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  return (
    <Navbar.Offcanvas
      id={MOBILE_MENU_ID}
      aria-labelledby={`${MOBILE_MENU_ID}-title`}
      placement="end"
      className="swaz-offcanvas"
    >
      <Offcanvas.Header closeButton closeVariant="white">
        <Offcanvas.Title id={`${MOBILE_MENU_ID}-title`}>Menu</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>{children}</Offcanvas.Body>
    </Navbar.Offcanvas>
  );
}
