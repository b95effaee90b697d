import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { formatDay } from '@/components/ui/practice-calendar';
import { useChooseRestDay, useRemoveRestDay, useStreakSettings, type RestReason } from '../api/streak-settings';
import { addDays } from '../rest-days';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.restDays;
const REASONS: RestReason[] = ['rest', 'injury', 'travel'];

/** The server's words for a refused choice (a passed day, a full week or year). */
function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/** Choose a rest, injury or travel day (today or ahead), and see or remove the ones planned. */
export function RestDaysDialog({ onClose }: { onClose: () => void }) {
  const settings = useStreakSettings();
  const choose = useChooseRestDay();
  const remove = useRemoveRestDay();
  const today = settings.data?.today;
  const [day, setDay] = useState<string | undefined>(undefined);
  const [reason, setReason] = useState<RestReason>('rest');
  const chosenDay = day ?? today ?? '';
  const dayId = useId();
  const upcoming = (settings.data?.restDays ?? []).filter((r) => today && r.date >= today);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenDay) return;
    remove.reset();
    choose.mutate({ date: chosenDay, reason });
  };

  const error = errorText(choose.error) ?? errorText(remove.error);
  return (
    <Modal show onHide={onClose} centered aria-labelledby="rest-days-title" data-testid="rest-days">
      <Modal.Header closeButton closeLabel={t.close}>
        <Modal.Title id="rest-days-title" as="h2" className="h5">
          {t.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">{t.lead}</p>
        {settings.data && (
          <p className="small mb-3" data-testid="rest-days-left">
            {t.left(settings.data.weekLeft, settings.data.yearLeft)}
          </p>
        )}
        <Form onSubmit={submit} noValidate>
          <Form.Group className="mb-3" controlId={dayId}>
            <Form.Label>{t.day}</Form.Label>
            <Form.Control
              type="date"
              value={chosenDay}
              min={today}
              max={today ? addDays(today, settings.data?.maxDaysAhead ?? 84) : undefined}
              onChange={(e) => setDay(e.target.value)}
              required
            />
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t.reason}</legend>
            <div className="d-flex flex-wrap gap-3">
              {REASONS.map((r) => (
                <Form.Check
                  key={r}
                  type="radio"
                  id={`rest-reason-${r}`}
                  name="rest-reason"
                  label={t.reasons[r]}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="rest-reason"
                />
              ))}
            </div>
          </fieldset>
          {error && (
            <Alert variant="danger" className="py-2" role="alert">
              {error}
            </Alert>
          )}
          {choose.isSuccess && !error && (
            <p className="text-success small" role="status">
              {t.saved}
            </p>
          )}
          <Button type="submit" disabled={choose.isPending || !chosenDay}>
            {choose.isPending ? t.saving : t.save}
          </Button>
        </Form>
        <p className="small text-body-secondary mt-3 mb-0">{t.coach}</p>
        <h3 className="h6 mt-4">{t.upcoming}</h3>
        {upcoming.length === 0 ? (
          <p className="text-body-secondary mb-0">{t.none}</p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="rest-days-list">
            {upcoming.map((r) => (
              <li key={r.date} className="d-flex align-items-center justify-content-between gap-2 py-1">
                <span>
                  {r.date === today ? `${t.today}, ` : ''}
                  {formatDay(r.date)} · {t.reasons[r.reason] ?? r.reason}
                </span>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  aria-label={t.removeLabel(formatDay(r.date))}
                  disabled={remove.isPending}
                  onClick={() => {
                    choose.reset();
                    remove.mutate(r.date);
                  }}
                >
                  {t.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Modal.Body>
    </Modal>
  );
}
