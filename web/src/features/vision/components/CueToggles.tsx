import Form from 'react-bootstrap/Form';
import { visionTexts as t } from '../texts';

export interface CueToggle {
  on: boolean;
  onChange: (on: boolean) => void;
}

function CueSwitch({ id, label, hint, toggle }: { id: string; label: string; hint: string; toggle: CueToggle }) {
  return (
    <div className="breath-cue">
      <Form.Check
        type="switch"
        id={id}
        label={label}
        checked={toggle.on}
        onChange={(event) => toggle.onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="breath-cue-hint small text-muted mb-0">
        {hint}
      </p>
    </div>
  );
}

/** The eyes-closed cue switches; a cue the device cannot give is left out (`undefined`). */
export function CueToggles({ sound, vibration }: { sound?: CueToggle; vibration?: CueToggle }) {
  if (!sound && !vibration) return null;
  return (
    <fieldset className="breath-cues">
      <legend className="visually-hidden">{t.cuesHeading}</legend>
      {sound && <CueSwitch id="breathing-sound-cues" label={t.soundCues} hint={t.soundCuesHint} toggle={sound} />}
      {vibration && (
        <CueSwitch id="breathing-vibration-cues" label={t.vibrationCues} hint={t.vibrationCuesHint} toggle={vibration} />
      )}
    </fieldset>
  );
}
