import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { deviceTimeZone } from '@/lib/device-time-zone';
import { useProfile } from '@/lib/queries/profile';
import { useUpdateTimeZone } from '../api/update-time-zone';
import { accountTexts } from '../texts';
import { zoneNames } from '../time-zones';

const t = accountTexts.timeZone;


/** The zone the athlete's days, streak and calendar are counted in (set from the browser at sign-in). */
export function TimeZoneForm() {
  const profile = useProfile();
  const save = useUpdateTimeZone();
  const stored = profile.data?.timeZone ?? null;
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? stored ?? deviceTimeZone();
  const device = deviceTimeZone();
  const changed = value !== stored;

  return (
    <Form
      className="mt-5"
      aria-label={t.title}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value, { onSuccess: () => setChoice(null) });
      }}
    >
      <h2 className="h5">{t.title}</h2>
      <p className="text-muted small mb-2">{t.explain}</p>
      <Form.Group className="mb-2" controlId="account-time-zone" style={{ maxWidth: 500 }}>
        <Form.Label>{t.label}</Form.Label>
        <Form.Select
          value={value}
          disabled={profile.isPending || save.isPending}
          onChange={(event) => setChoice(event.target.value)}
        >
          {zoneNames(stored).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {value !== device && (
        <Button variant="link" className="px-0 mb-2 d-block" onClick={() => setChoice(device)}>
          {t.useDevice(device.replaceAll('_', ' '))}
        </Button>
      )}
      <Button type="submit" disabled={!changed || save.isPending || profile.isPending}>
        {save.isPending ? accountTexts.profile.saving : t.save}
      </Button>
    </Form>
  );
}
