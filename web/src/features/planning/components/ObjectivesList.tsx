import { objectiveLabels } from '../texts';

/** Six objectives (vision objectives 1-3, Mind, Body, Soul) under a heading. */
export function ObjectivesList({ heading, values, testId }: { heading: string; values: readonly string[]; testId: string }) {
  return (
    <section className="card shadow-sm text-start h-100" data-testid={testId}>
      <div className="card-body">
        <h2 className="h5 card-title mb-3">{heading}</h2>
        <dl className="mb-0 planning-objectives">
          {objectiveLabels.map((label, index) => (
            <div key={label} className="mb-2">
              <dt className="small text-uppercase text-muted">{label}</dt>
              <dd className="mb-0 planning-answer-text">{values[index]}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
