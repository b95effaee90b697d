import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useOnline } from '@/lib/phone/online';
import { useRecording } from '../api/get-recording';
import { visionTexts as t } from '../texts';
import { RecordingPlayer } from './RecordingPlayer';
import { SpeechControls } from './SpeechControls';
import { recorderAvailable } from './use-recorder';

interface ListenSectionProps {
  paragraphs: string[];
  onFinished: () => void;
  onRecord: () => void;
  fade: number;
  /** Counts the moments all must go quiet: each pauses the recording. */
  hush: number;
  onRecordingStarted: (started: boolean) => void;
}

/** At bedtime: the athlete's own recording when there is one, the device's voice otherwise. */
export function ListenSection({ paragraphs, onFinished, onRecord, fade, hush, onRecordingStarted }: ListenSectionProps) {
  const recording = useRecording();
  const [deviceVoice, setDeviceVoice] = useState(false);
  const [canRecord] = useState(recorderAvailable);
  // Offline, a recording never played here has no copy; there may be none at all: say nothing.
  const online = useOnline();

  if (recording.isPending) {
    return (
      <section className="vision-listen" aria-busy="true">
        <p className="mb-0 text-muted">{t.loadingRecording}</p>
      </section>
    );
  }
  if (recording.data && !deviceVoice) {
    return (
      <RecordingPlayer
        recording={recording.data}
        fade={fade}
        hush={hush}
        onFinished={onFinished}
        onStartedChange={onRecordingStarted}
        onUseDeviceVoice={() => setDeviceVoice(true)}
      />
    );
  }
  return (
    <SpeechControls
      paragraphs={paragraphs}
      onFinished={onFinished}
      onRecord={canRecord ? onRecord : undefined}
      hush={hush}
    >
      {recording.data && (
        <Button variant="link" className="vision-text-button mb-2" onClick={() => setDeviceVoice(false)}>
          {t.useMyRecording}
        </Button>
      )}
      {recording.isError && online && <p className="small text-muted">{t.recordingUnavailable}</p>}
    </SpeechControls>
  );
}
