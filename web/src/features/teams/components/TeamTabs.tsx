import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { teamTexts } from '../texts';

const t = teamTexts.tabs;

/** The team page's two views for an admin: the members and the coach board. */
export function TeamTabs() {
  return (
    <Nav as="nav" variant="tabs" className="mb-4" aria-label={t.label}>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/account/team-config" end>
          {t.members}
        </Nav.Link>
      </Nav.Item>
      <Nav.Item>
        <Nav.Link as={NavLink} to="/account/team-config/board">
          {t.board}
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}
