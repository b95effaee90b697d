import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** SPEC §8's router fallback title, kept for every page that cannot be shown. */
const FALLBACK_TITLE = 'Unexpected Application Error!';

function ErrorPage({ status, detail }: { status: string; detail: string }) {
  return (
    <Container className="py-5 text-center" style={{ maxWidth: 640 }}>
      <p className="text-uppercase text-secondary fw-semibold mb-2">{status}</p>
      <h1 className="mb-3">{FALLBACK_TITLE}</h1>
      <p className="lead mb-4">{detail}</p>
      <div className="d-flex justify-content-center gap-2 flex-wrap">
        <Link to="/" className="btn btn-primary">
          Go to the home page
        </Link>
        <Link to="/user-dashboard" className="btn btn-outline-secondary">
          Open your dashboard
        </Link>
      </div>
    </Container>
  );
}

/** An address no screen answers: a page in the app's shell with a way home. */
export function NotFoundPage() {
  return <ErrorPage status="404" detail="There is no page at this address. It may have moved, or the link has a typo." />;
}

/** A screen that failed while loading or rendering, shown inside the shell. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={String(error.status)} detail={error.statusText || 'This page could not be shown.'} />;
  }
  const message = error instanceof Error ? error.message : 'This page could not be shown.';
  return <ErrorPage status="Error" detail={`${message} Reload the page or go back home.`} />;
}
