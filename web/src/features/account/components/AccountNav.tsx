import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { accountTexts } from '../texts';

const LINKS = [
  { to: '/account', label: accountTexts.nav.information, end: true },
  { to: '/account/change-password', label: accountTexts.nav.changePassword },
  { to: '/account/membership', label: accountTexts.nav.membership },
  { to: '/account/team-config', label: accountTexts.nav.team },
  { to: '/account/billing', label: accountTexts.nav.billing },
  { to: '/account/notification-settings', label: accountTexts.nav.notifications },
  { to: '/account/coach-sharing', label: accountTexts.nav.coachSharing },
];

/** Sub-navigation between the account screens. */
export function AccountNav() {
  return (
    <Nav as="nav" variant="pills" className="account-nav flex-md-nowrap overflow-auto mb-4" aria-label="Account">
      {LINKS.map((link) => (
        <Nav.Item key={link.to}>
          <Nav.Link as={NavLink} to={link.to} end={link.end} className="text-md-nowrap">
            {link.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
