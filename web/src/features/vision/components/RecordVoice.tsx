import { useEffect, useRef, useState, type Ref } from 'react';
import Button from 'react-bootstrap/Button';
import { useRecording } from '../api/get-recording';
import { recordingErrorText } from '../api/recording-error';
import { useSaveRecording } from '../api/save-recording';
import { uploadType } from '../recording-type';
import { visionTexts as t } from '../texts';
import { DeleteRecording } from './DeleteRecording';
import { RecordingReview } from './RecordingReview';
import { Teleprompter } from './Teleprompter';
import { useRecorder, type RecorderProblem } from './use-recorder';

const PROBLEMS: Record<RecorderProblem, string> = {
  unsupported: t.recorderUnsupported,
  denied: t.micDenied,
  'no-microphone': t.noMicrophone,
  failed: t.recordingFailed,
};

/**
 * 'Record in my own voice': the vision as a teleprompter while recording, then listen back, save
 * or record again; once saved, delete.
 */
interface RecordVoiceProps {
  paragraphs: string[];
  headingRef?: Ref<HTMLHeadingElement>;
  /** Recording starts: what plays on the page stops, so it is not recorded too. */
  onStart?: () => void;
}

export function RecordVoice({ paragraphs, headingRef, onStart }: RecordVoiceProps) {
  const { state, start, stop, reset } = useRecorder();
  const saved = useRecording();
  const save = useSaveRecording();
  const [notice, setNotice] = useState<string | null>(null);
  const hasRecording = Boolean(saved.data);
  const section = useRef<HTMLElement>(null);
  const recording = state.step === 'recording';

  // The teleprompter fills the screen as the recording starts.
  useEffect(() => {
    if (recording) section.current?.scrollIntoView({ block: 'start' });
  }, [recording]);

  const begin = () => {
    setNotice(null);
    save.reset();
    onStart?.();
    void start();
  };

  const keep = () => {
    if (state.step !== 'done') return;
    const contentType = uploadType(state.type);
    if (!contentType) return;
    save.mutate(
      { blob: state.blob, contentType },
      {
        onSuccess: () => {
          reset();
          setNotice(t.recordingSaved);
        },
      },
    );
  };

  return (
    <section ref={section} className="vision-record" aria-labelledby="vision-record-heading" data-testid="record-voice">
      <h2 id="vision-record-heading" className="h5" ref={headingRef} tabIndex={-1}>
        {t.recordHeading}
      </h2>

      {state.step === 'recording' ? (
        <>
          <Teleprompter paragraphs={paragraphs} startedAt={state.startedAt} />
          <Button variant="danger" size="lg" className="vision-stop mt-3" onClick={stop}>
            {t.stopRecording}
          </Button>
        </>
      ) : state.step === 'done' ? (
        <RecordingReview
          blob={state.blob}
          saving={save.isPending}
          error={
            !uploadType(state.type)
              ? t.recorderUnsupported
              : save.isError
                ? recordingErrorText(save.error, t.recordingSaveFailed)
                : null
          }
          onSave={keep}
          onRecordAgain={begin}
        />
      ) : (
        <>
          <p>{hasRecording ? t.recordSavedLead : t.recordLead}</p>
          {state.step === 'problem' && (
            <p className="text-danger" role="alert">
              {PROBLEMS[state.problem]}
            </p>
          )}
          {state.step === 'asking' && <p role="status">{t.askingMicrophone}</p>}
          {!(state.step === 'problem' && state.problem === 'unsupported') && (
            <div className="d-flex flex-wrap gap-2">
              <Button onClick={begin} disabled={state.step === 'asking'}>
                {hasRecording ? t.recordAgain : t.startRecording}
              </Button>
              {hasRecording && <DeleteRecording onDeleted={() => setNotice(t.recordingDeleted)} />}
            </div>
          )}
        </>
      )}
      {notice && (
        <p className="text-success mt-3 mb-0" role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
