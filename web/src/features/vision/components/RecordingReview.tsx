import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { visionTexts as t } from '../texts';
import { useBlobSource } from './use-blob-source';

interface RecordingReviewProps {
  blob: Blob;
  saving: boolean;
  error: string | null;
  onSave: () => void;
  onRecordAgain: () => void;
}

/** The recording just made: hear it back, then save it or record again. */
export function RecordingReview({ blob, saving, error, onSave, onRecordAgain }: RecordingReviewProps) {
  const audio = useRef<HTMLAudioElement>(null);
  useBlobSource(audio, blob);
  return (
    <div data-testid="recording-review">
      <h3 className="h6">{t.reviewHeading}</h3>
      <audio ref={audio} className="vision-audio mb-3" controls preload="auto" aria-label={t.reviewLabel} />
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={onSave} disabled={saving}>
          {saving ? t.savingRecording : t.saveRecording}
        </Button>
        <Button variant="outline-primary" onClick={onRecordAgain} disabled={saving}>
          {t.recordAgain}
        </Button>
      </div>
    </div>
  );
}
