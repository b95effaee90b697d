import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '@/lib/api/errors';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';
import { accountTexts } from '../texts';

const t = accountTexts.data;

/** Download everything as JSON; delete the account after typing DELETE. */
export function AccountDataSection() {
  const exportData = useExportAccount();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === t.deleteWord;
  const refusal =
    remove.error instanceof ApiError && remove.error.detail ? remove.error.detail : remove.error ? t.deleteFailed : null;

  return (
    <section className="mt-5" aria-label={t.title} style={{ maxWidth: 500 }}>
      <h2 className="h5">{t.title}</h2>
      <p className="text-muted small mb-2">{t.explain}</p>
      <Button variant="outline-primary" disabled={exportData.isPending} onClick={() => exportData.mutate()}>
        {exportData.isPending ? t.downloading : t.download}
      </Button>
      <Form
        className="mt-4 border border-danger rounded p-3"
        aria-label={t.deleteTitle}
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) remove.mutate(typed.trim());
        }}
      >
        <h3 className="h6 text-danger">{t.deleteTitle}</h3>
        <p className="small">{t.deleteExplain}</p>
        <Form.Group className="mb-2" controlId="account-delete-confirm">
          <Form.Label>{t.deleteLabel}</Form.Label>
          <Form.Control autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </Form.Group>
        {refusal && (
          <Alert variant="danger" role="alert">
            {refusal}
          </Alert>
        )}
        <Button type="submit" variant="danger" disabled={!confirmed || remove.isPending}>
          {remove.isPending ? t.deleting : t.deleteButton}
        </Button>
      </Form>
    </section>
  );
}
