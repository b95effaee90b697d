import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError } from '@/lib/api/errors';
import { usePushDevices } from '../api/get-push-devices';
import { useRemovePushDevice } from '../api/remove-push-device';
import { useTurnOnPush } from '../api/turn-on-push';
import { browserFacts, currentSubscription, pushSupportOf, PushSetupError, thisDeviceId } from '../push-device';
import { accountTexts } from '../texts';

const t = accountTexts.push;

const TOUCH = { minHeight: 44, minWidth: 44 };

function sinceText(iso: string): string {
  return t.since(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)));
}

/** The member-facing text for why turning notifications on did not finish. */
function failureText(error: unknown): string {
  if (error instanceof PushSetupError) {
    const byReason = {
      denied: t.denied,
      dismissed: t.dismissed,
      'no-worker': t.noWorker,
      'subscribe-failed': t.subscribeFailed,
    } as const;
    return byReason[error.reason];
  }
  if (error instanceof ApiError && error.detail) return error.detail;
  return t.saveFailed;
}

function permissionNow(): NotificationPermission | null {
  return 'Notification' in window ? Notification.permission : null;
}

/**
 * "Notifications on this device": turns push on here, and lists every device that gets the
 * member's reminders, each with "Remove".
 */
export function PushDevicesSection() {
  const [support] = useState(() => pushSupportOf(browserFacts()));
  const devices = usePushDevices();
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  const [permission, setPermission] = useState(permissionNow);
  const [subscribedHere, setSubscribedHere] = useState(false);
  const [thisId, setThisId] = useState(thisDeviceId);

  // Whether this browser still holds its subscription (it can end without SWAZ knowing).
  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setSubscribedHere(subscription !== null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [turnOn.isSuccess, remove.isSuccess]);

  const onHere = subscribedHere && thisId !== null && (devices.data ?? []).some((device) => device.id === thisId);

  const onTurnOn = () =>
    turnOn.mutate(undefined, {
      onSuccess: (device) => {
        setThisId(device.id);
        setSubscribedHere(true);
      },
      onSettled: () => setPermission(permissionNow()),
    });

  const onRemove = (id: string) => remove.mutate(id, { onSuccess: () => setThisId(thisDeviceId()) });

  const blocked = permission === 'denied' && !turnOn.isError;

  return (
    <section className="mt-5" aria-labelledby="push-title" style={{ maxWidth: 500 }} data-testid="push-devices">
      <h2 className="h5" id="push-title">
        {t.title}
      </h2>
      <p className="text-muted small">{t.explain}</p>
      {support === 'install-first' && <Alert variant="info">{t.installFirst}</Alert>}
      {support === 'unsupported' && <Alert variant="secondary">{t.unsupported}</Alert>}
      {support === 'ready' &&
        (onHere ? (
          <p className="text-success fw-semibold" role="status">
            {t.on}
          </p>
        ) : (
          <>
            {blocked && <Alert variant="warning">{t.denied}</Alert>}
            <Button style={TOUCH} onClick={onTurnOn} disabled={turnOn.isPending || devices.isPending}>
              {turnOn.isPending ? t.turningOn : t.turnOn}
            </Button>
          </>
        ))}
      {turnOn.isError && (
        <Alert variant="warning" role="alert" className="mt-3">
          {failureText(turnOn.error)}
        </Alert>
      )}

      <h3 className="h6 mt-4">{t.devicesTitle}</h3>
      {devices.isError && <p className="text-danger small">{t.loadFailed}</p>}
      {devices.data?.length === 0 && <p className="text-muted small">{t.noDevices}</p>}
      {devices.data && devices.data.length > 0 && (
        <ul className="list-unstyled mb-0" aria-label={t.devicesTitle}>
          {devices.data.map((device) => {
            const label = device.label ?? t.unnamed;
            return (
              <li key={device.id} className="d-flex align-items-center gap-2 py-1 border-bottom">
                <div className="me-auto">
                  <div>
                    {label}
                    {device.id === thisId && <span className="text-muted"> ({t.thisDevice})</span>}
                  </div>
                  <div className="text-muted small">{sinceText(device.createdAt)}</div>
                </div>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  style={TOUCH}
                  aria-label={t.removeLabel(label)}
                  disabled={remove.isPending}
                  onClick={() => onRemove(device.id)}
                >
                  {t.remove}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && (
        <Alert variant="danger" role="alert" className="mt-3">
          {t.removeFailed}
        </Alert>
      )}
    </section>
  );
}
