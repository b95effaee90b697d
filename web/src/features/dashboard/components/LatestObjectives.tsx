import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { Dashboard } from '../api/get-dashboard';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.objectives;

function ObjectiveList({ labels, values, testId }: { labels: string[]; values: string[]; testId: string }) {
  return (
    <dl className="dashboard-objectives mb-0" data-testid={testId}>
      {labels.map((label, index) => (
        <div key={label} className="mb-2">
          <dt className="small text-uppercase text-body-secondary fw-semibold">{label}</dt>
          <dd className="mb-0 text-break">{values[index]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The plan of the newest daily action and weekly map, or a way to make one. */
export function LatestObjectives({ objectives }: { objectives: Dashboard['latestObjectives'] }) {
  const daily = objectives.dailyObjectives ?? null;
  const weekly = objectives.weeklyMap ?? null;
  return (
    <Card className="shadow-sm" as="section" aria-labelledby="objectives-heading">
      <Card.Body>
        <h2 id="objectives-heading" className="h5 mb-3">
          {t.heading}
        </h2>
        {!daily && !weekly ? (
          <div className="text-center py-3">
            <p className="text-body-secondary mb-3">{t.empty}</p>
            <Link to="/planning" className="btn btn-primary">
              {t.plan}
            </Link>
          </div>
        ) : (
          <div className="row g-4">
            <div className="col-md-6">
              <h3 className="h6 mb-3">{t.daily}</h3>
              {daily ? (
                <ObjectiveList
                  testId="daily-objectives"
                  labels={t.dailyLabels}
                  values={[daily.q1, daily.q2, daily.q3, daily.q4, daily.q5, daily.q6]}
                />
              ) : (
                <p className="text-body-secondary">
                  {t.noDaily} <Link to="/daily-action-welcome">{t.plan}</Link>
                </p>
              )}
            </div>
            <div className="col-md-6">
              <h3 className="h6 mb-3">{t.weekly}</h3>
              {weekly ? (
                <ObjectiveList
                  testId="weekly-objectives"
                  labels={t.weeklyLabels}
                  values={[weekly.q6, weekly.q7, weekly.q8, weekly.q9, weekly.q10, weekly.q11]}
                />
              ) : (
                <p className="text-body-secondary">
                  {t.noWeekly} <Link to="/weekly-map-welcome">{t.plan}</Link>
                </p>
              )}
            </div>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
