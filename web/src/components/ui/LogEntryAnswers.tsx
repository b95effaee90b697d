import Card from 'react-bootstrap/Card';
import type { components } from '@/lib/api/schema';
import { answerSections } from '@/lib/log-entry';

type LogEntry = components['schemas']['LogEntry'];

/**
 * Every answer of a daily action or weekly map under its question, a card per section:
 * the athlete's own entry in the daily logs, and an entry shared with the coach.
 * `headingLevel` keeps the page's outline (h2 on its own page, h3 under a section).
 */
export function LogEntryAnswers({ entry, headingLevel = 'h2' }: { entry: LogEntry; headingLevel?: 'h2' | 'h3' | 'h4' | 'h5' }) {
  return (
    <>
      {answerSections(entry).map((section) => (
        <Card key={section.heading} className="shadow-sm mb-4" as="section">
          <Card.Header as={headingLevel} className={`${headingLevel === 'h2' ? 'h5' : 'h6'} mb-0 py-3`}>
            {section.heading}
          </Card.Header>
          <Card.Body>
            <dl className="mb-0">
              {section.answers.map((answer) => (
                <div key={answer.key} className="mb-3" data-testid={`answer-${answer.key}`}>
                  <dt className="small text-uppercase text-body-secondary fw-semibold">{answer.label}</dt>
                  <dd className="mb-0 log-answer">{answer.value}</dd>
                </div>
              ))}
            </dl>
          </Card.Body>
        </Card>
      ))}
    </>
  );
}
