import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ApiError } from '@/lib/api/errors';
import type { TeamFocus } from '@/lib/queries/team-focus';
import { useSetFocus } from '../api/set-focus';
import { FOCUS_MAX } from '../board';
import { teamTexts } from '../texts';

const t = teamTexts.focus;

const setOnFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });

/**
 * The week's focus on the board (the board's answer carries it): what the athletes see, and a
 * form to set or change it. The server checks the text (3 to 280 characters, one line); its
 * message shows under the field.
 */
export function FocusEditor({ focus }: { focus: TeamFocus }) {
  const save = useSetFocus();
  const [draft, setDraft] = useState<string | null>(null);
  const current = focus.text ?? null;
  const setAt = focus.setAt;
  const error = save.error instanceof ApiError && save.error.detail ? save.error.detail : save.error ? t.saveFailed : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null) return;
    save.mutate(draft, { onSuccess: () => setDraft(null) });
  }

  function startEditing() {
    save.reset();
    setDraft(current ?? '');
  }

  return (
    <Card className="shadow-sm mb-4 team-focus" as="section" aria-labelledby="team-focus-heading" data-testid="focus-editor">
      <Card.Body>
        <h3 className="h6 text-uppercase text-body-secondary mb-2" id="team-focus-heading">
          {t.heading}
        </h3>
        {draft === null ? (
          <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
            <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
              {current ? (
                <>
                  <p className="fs-5 mb-1" data-testid="focus-text">
                    {current}
                  </p>
                  {setAt && (
                    <p className="small text-body-secondary mb-0">
                      <time dateTime={setAt}>{t.setOn(setOnFormat.format(new Date(setAt)))}</time>
                    </p>
                  )}
                </>
              ) : (
                <p className="mb-0 text-body-secondary">{t.none}</p>
              )}
              <p className="small text-body-secondary mb-0 mt-1">{t.lead}</p>
            </div>
            <Button variant="outline-primary" className="team-touch" onClick={startEditing}>
              {current ? t.change : t.set}
            </Button>
          </div>
        ) : (
          <Form noValidate onSubmit={onSubmit}>
            <Form.Group controlId="team-focus-text" className="mb-3">
              <Form.Label>{t.label}</Form.Label>
              <Form.Control
                type="text"
                maxLength={FOCUS_MAX}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                disabled={save.isPending}
                isInvalid={Boolean(error)}
                aria-invalid={Boolean(error) || undefined}
                aria-describedby={error ? 'team-focus-hint team-focus-error' : 'team-focus-hint'}
                autoFocus
              />
              <Form.Text id="team-focus-hint">{t.hint([...draft].length, FOCUS_MAX)}</Form.Text>
              {error && (
                <Alert variant="danger" className="mt-2 mb-0 py-2" id="team-focus-error" data-testid="focus-error">
                  {error}
                </Alert>
              )}
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" className="team-touch" disabled={save.isPending}>
                {save.isPending ? t.saving : t.save}
              </Button>
              <Button variant="outline-secondary" className="team-touch" onClick={() => setDraft(null)} disabled={save.isPending}>
                {t.cancel}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
