import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api/errors';
import { toastSuccess } from '@/lib/toast';
import { useSaveCheckin, useTodayCheckin, type Checkin } from '../api/checkins';
import { ScaleField } from '../components/ScaleField';
import { checkinTexts as t, MAX_NOTE_CHARS, type MeasureKey } from '../texts';

type Scores = Record<MeasureKey, string>;

const EMPTY: Scores = { sleep: '', energy: '', mood: '', stress: '', confidence: '' };

function scoresOf(checkin: Checkin | null): Scores {
  if (!checkin) return EMPTY;
  return {
    sleep: String(checkin.sleep),
    energy: String(checkin.energy),
    mood: String(checkin.mood),
    stress: String(checkin.stress),
    confidence: String(checkin.confidence),
  };
}

/** /check-in: today's five scales and a note; opens with today's check-in when there is one. */
export function CheckinRoute() {
  const today = useTodayCheckin();
  if (today.isPending) return <Spinner label={t.loading} />;
  // A failed load still lets the athlete check in: saving replaces today's anyway.
  const existing = today.isSuccess ? today.data : null;
  return <CheckinForm existing={existing} key={existing?.updatedAt ?? 'new'} />;
}

function CheckinForm({ existing }: { existing: Checkin | null }) {
  const [scores, setScores] = useState<Scores>(() => scoresOf(existing));
  const [note, setNote] = useState(existing?.note ?? '');
  const [tried, setTried] = useState(false);
  const save = useSaveCheckin();
  const navigate = useNavigate();

  const missing = t.measures.filter((m) => !scores[m.key]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (missing.length > 0 || save.isPending) return;
    save.mutate(
      {
        sleep: Number(scores.sleep),
        energy: Number(scores.energy),
        mood: Number(scores.mood),
        stress: Number(scores.stress),
        confidence: Number(scores.confidence),
        note: note.trim() ? note.trim() : null,
      },
      {
        onSuccess: () => {
          toastSuccess(existing ? t.updated : t.saved);
          void navigate('/user-dashboard');
        },
      },
    );
  }

  const error = save.error;
  const message = error instanceof ApiError && error.detail ? error.detail : t.saveFailed;
  return (
    <Container className="py-4 py-md-5">
      <div className="checkin-narrow mx-auto">
        <h1 className="h2 mb-1">{t.title}</h1>
        <p className="lead text-body-secondary mb-4">{existing ? t.editing : t.lead}</p>
        <Form noValidate onSubmit={submit} data-testid="checkin-form">
          {t.measures.map((m) => (
            <ScaleField
              key={m.key}
              name={m.key}
              label={m.label}
              low={m.low}
              high={m.high}
              value={scores[m.key]}
              onChange={(value) => setScores((s) => ({ ...s, [m.key]: value }))}
              invalid={tried && !scores[m.key]}
            />
          ))}
          <Form.Group className="mb-4" controlId="checkin-note">
            <Form.Label className="fw-semibold">{t.noteLabel}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={MAX_NOTE_CHARS}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              aria-describedby="checkin-note-hint"
            />
            <Form.Text id="checkin-note-hint">{t.noteHint(MAX_NOTE_CHARS - note.length)}</Form.Text>
          </Form.Group>
          {tried && missing.length > 0 && (
            <Alert variant="warning" role="alert">
              {t.missing(missing.map((m) => m.label.toLowerCase()))}
            </Alert>
          )}
          {save.isError && (
            <Alert variant="danger" role="alert" data-testid="checkin-save-error">
              <p className="mb-0">{message}</p>
              {error instanceof ApiError && error.status === 403 && (
                <Link to="/choose-a-plan" className="alert-link d-inline-block mt-2">
                  {t.renewMembership}
                </Link>
              )}
            </Alert>
          )}
          <div className="d-grid gap-2 d-sm-flex">
            <Button type="submit" size="lg" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? t.saving : t.save}
            </Button>
            <Link to="/user-dashboard" className="btn btn-outline-secondary btn-lg">
              {t.cancel}
            </Link>
          </div>
        </Form>
      </div>
    </Container>
  );
}
