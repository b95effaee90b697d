import { Link } from 'react-router';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="swaz-footer py-4 mt-auto">
      <div className="container d-flex flex-column flex-md-row justify-content-between align-items-center gap-2">
        <small>© {year} SWAZ. All rights reserved.</small>
        <nav aria-label="Footer" className="d-flex gap-3">
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/contact">Contact</Link>
        </nav>
      </div>
    </footer>
  );
}
