import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useAnswerPromotion } from '../api/answer-promotion';
import { teamTexts } from '../texts';

const t = teamTexts.promotion;

/** Shown to a pending_admin: the admin asked them to become co-admin (DESIGN §4). */
export function PromotionNotice({ teamName }: { teamName: string }) {
  const answer = useAnswerPromotion();
  return (
    <Alert variant="warning" data-testid="promotion-notice">
      <p className="fw-semibold mb-1">{t.body(teamName)}</p>
      <p className="mb-3">{t.detail}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" size="sm" disabled={answer.isPending} onClick={() => answer.mutate(true)}>
          {t.accept}
        </Button>
        <Button variant="outline-dark" size="sm" disabled={answer.isPending} onClick={() => answer.mutate(false)}>
          {t.decline}
        </Button>
      </div>
    </Alert>
  );
}
