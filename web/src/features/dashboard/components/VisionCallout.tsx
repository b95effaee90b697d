import { Link } from 'react-router';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.visionCallout;

/** Shown until the member has a complete Athletic Vision: everything else builds on it. */
export function VisionCallout() {
  return (
    <section className="dashboard-callout rounded-3 p-4 mb-4 shadow-sm" aria-labelledby="vision-callout-heading">
      <div className="row align-items-center g-3">
        <div className="col-md">
          <h2 id="vision-callout-heading" className="h4 mb-1">
            {t.heading}
          </h2>
          <p className="mb-0">{t.body}</p>
        </div>
        <div className="col-md-auto">
          <Link to="/athletic-vision-welcome" className="btn btn-warning btn-lg fw-semibold w-100">
            {t.action}
          </Link>
        </div>
      </div>
    </section>
  );
}
