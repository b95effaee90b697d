import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useDeleteRecording } from '../api/delete-recording';
import { recordingErrorText } from '../api/recording-error';
import { visionTexts as t } from '../texts';

/** "Delete recording", asked once more before it goes. */
export function DeleteRecording({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRecording();

  if (!confirming) {
    return (
      <Button variant="outline-secondary" onClick={() => setConfirming(true)}>
        {t.deleteRecording}
      </Button>
    );
  }
  return (
    <div className="vision-confirm w-100" role="group" aria-labelledby="vision-confirm-delete">
      <p id="vision-confirm-delete" className="mb-2">
        {t.confirmDelete}
      </p>
      {remove.isError && (
        <p className="text-danger" role="alert">
          {recordingErrorText(remove.error, t.recordingDeleteFailed)}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(undefined, { onSuccess: onDeleted })}
        >
          {t.confirmDeleteYes}
        </Button>
        <Button variant="outline-secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
          {t.keepRecording}
        </Button>
      </div>
    </div>
  );
}
