import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { toastError } from '@/lib/toast';
import { MOBILE_MENU_ID, MobileMenu } from './MobileMenu';

/** Screens that show no navigation (SPEC §2). */
const NAV_HIDDEN_ON = ['/weekly-map-create', '/daily-action-create', '/athletic-vision', '/choose-a-plan', '/planning'];

const MEMBER_LINKS = [
  { label: 'Dashboard', to: '/user-dashboard' },
  { label: 'Planning', to: '/planning' },
  { label: 'Daily Logs', to: '/daily-logs' },
  { label: 'Meditations', to: '/meditations' },
  { label: 'Inspiration', to: '/inspiration' },
  { label: 'Account', to: '/account' },
];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function inSection(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

export function Header() {
  const { session, signOut } = useAuth();
  const pathname = normalise(useLocation().pathname);
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const showNav = !NAV_HIDDEN_ON.includes(pathname);
  const close = () => setExpanded(false);

  async function logout() {
    close();
    // The guard sends a signing-out member home rather than to login.
    void navigate('/');
    const { error } = await signOut();
    if (error) toastError(`Something went wrong: ${error.message}`);
  }

  return (
    <header>
      <Navbar
        expand="lg"
        variant="dark"
        className="swaz-navbar"
        expanded={expanded}
        onToggle={setExpanded}
        aria-label="Main"
      >
        <Container>
          <Navbar.Brand as={Link} to="/" className="swaz-brand" onClick={close}>
            SWAZ
          </Navbar.Brand>
          {showNav && (
            <>
              <Navbar.Toggle aria-controls={MOBILE_MENU_ID} label="Open menu" />
              <MobileMenu>
                <Nav className="ms-auto align-items-lg-center gap-lg-2">
                  {session ? (
                    <>
                      {MEMBER_LINKS.filter((link) => !inSection(pathname, link.to)).map((link) => (
                        <Nav.Link key={link.to} as={Link} to={link.to} onClick={close}>
                          {link.label}
                        </Nav.Link>
                      ))}
                      <Button variant="outline-light" size="sm" className="ms-lg-2 mt-2 mt-lg-0" onClick={logout}>
                        Logout
                      </Button>
                    </>
                  ) : (
                    <>
                      {pathname !== '/auth/login' && (
                        <Nav.Link as={Link} to="/auth/login" onClick={close}>
                          {pathname === '/' ? 'MEMBER LOGIN' : 'Login'}
                        </Nav.Link>
                      )}
                      <Link to="/choose-a-plan" className="btn btn-warning fw-bold ms-lg-2 mt-2 mt-lg-0" onClick={close}>
                        JOIN NOW
                      </Link>
                    </>
                  )}
                </Nav>
              </MobileMenu>
            </>
          )}
        </Container>
      </Navbar>
    </header>
  );
}
