import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { useProfile } from '@/lib/queries/profile';
import { useNotificationSettings, type NotificationSettings } from '../api/get-notification-settings';
import { usePushDevices } from '../api/get-push-devices';
import { useSetGameDay } from '../api/set-game-day';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import { ChannelChoice } from './ChannelChoice';
import { PushDevicesSection } from './PushDevicesSection';
import { channelOf, CHANNELS } from '../channels';
import { accountTexts } from '../texts';
import { zoneNames } from '../time-zones';

const t = accountTexts.notifications;

/** The server checks the same: HH:MM from 00:00 to 23:59, and a zone it knows. */
const settingsSchema = z.object({
  dailyReminder: z.boolean(),
  dailyReminderTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, t.timeInvalid),
  timeZone: z.string().min(1),
  weeklyMapReminder: z.boolean(),
  liveCallReminder: z.boolean(),
  productNews: z.boolean(),
  coachSummary: z.boolean(),
  dailyReminderChannel: z.enum(CHANNELS),
  weeklyMapReminderChannel: z.enum(CHANNELS),
  liveCallReminderChannel: z.enum(CHANNELS),
  coachNudgeChannel: z.enum(CHANNELS),
});
type SettingsValues = z.infer<typeof settingsSchema>;

function valuesOf(s: NotificationSettings): SettingsValues {
  return {
    dailyReminder: s.dailyReminder,
    dailyReminderTime: s.dailyReminderTime,
    timeZone: s.timeZone,
    weeklyMapReminder: s.weeklyMapReminder,
    liveCallReminder: s.liveCallReminder,
    productNews: s.productNews,
    coachSummary: s.coachSummary,
    dailyReminderChannel: channelOf(s.dailyReminderChannel),
    weeklyMapReminderChannel: channelOf(s.weeklyMapReminderChannel),
    liveCallReminderChannel: channelOf(s.liveCallReminderChannel),
    coachNudgeChannel: channelOf(s.coachNudgeChannel),
  };
}

function untilText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * /account/notification-settings: the reminders, their time and zone, the devices that get them as
 * notifications, and game day.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const gameDay = useSetGameDay();
  // The Monday summary is a team admin's; other members neither see nor send it.
  const teamAdmin = useProfile().data?.team?.teamRole === 'admin';
  const devices = usePushDevices();
  const loaded = useMemo(() => (settings.data ? valuesOf(settings.data) : undefined), [settings.data]);
  const form = useForm<SettingsValues>({
    resolver: zodResolver(settingsSchema),
    mode: 'onSubmit',
    values: loaded,
  });
  const current = useWatch({ control: form.control });
  const busy = settings.isPending || update.isPending;
  const changed =
    loaded !== undefined && (Object.keys(loaded) as (keyof SettingsValues)[]).some((k) => current[k] !== loaded[k]);
  const timeError = form.formState.errors.dailyReminderTime?.message;
  // "Notification" without a device falls back to e-mail; the member should know why.
  const pushWithoutDevice =
    devices.data?.length === 0 &&
    [current.dailyReminderChannel, current.weeklyMapReminderChannel, current.liveCallReminderChannel, current.coachNudgeChannel].includes(
      'push',
    );
  const serverError =
    update.error instanceof ApiError && update.error.detail ? update.error.detail : update.error ? t.saveFailed : null;

  const onSubmit = form.handleSubmit(({ coachSummary, ...values }) =>
    update.mutate(teamAdmin ? { ...values, coachSummary } : values),
  );

  if (settings.isError) {
    return (
      <Alert variant="danger" role="alert">
        {t.loadFailed}
      </Alert>
    );
  }

  return (
    <>
      <Form noValidate onSubmit={onSubmit} aria-label={t.title}>
        <div className="d-flex align-items-center gap-3 mb-2">
          <h2 className="h4 mb-0">{t.title}</h2>
          {changed && (
            <Badge bg="warning" text="dark">
              {t.unsaved}
            </Badge>
          )}
        </div>
        <p className="text-muted small">{t.explain}</p>
        {pushWithoutDevice && (
          <p className="small" style={{ maxWidth: 500 }} data-testid="push-without-device">
            {t.pushWithoutDevice} <a href="#push-title">{t.pushWithoutDeviceLink}</a>
          </p>
        )}
        <fieldset disabled={busy} style={{ maxWidth: 500 }}>
          <Form.Check
            type="switch"
            id="notify-daily"
            className="mb-1"
            label={t.dailyReminder}
            {...form.register('dailyReminder')}
          />
          <p className="text-muted small ms-5 mb-2">{t.dailyReminderHelp}</p>
          <ChannelChoice id="notify-daily-channel" label={t.channelGroup.daily} field={form.register('dailyReminderChannel')} />
          <Form.Group className="mb-3" controlId="notify-time">
            <Form.Label>{t.time}</Form.Label>
            <Form.Control type="time" isInvalid={Boolean(timeError)} {...form.register('dailyReminderTime')} />
            {timeError && <Form.Control.Feedback type="invalid">{timeError}</Form.Control.Feedback>}
          </Form.Group>
          <Form.Group className="mb-3" controlId="notify-zone">
            <Form.Label>{t.timeZone}</Form.Label>
            <Form.Select {...form.register('timeZone')}>
              {zoneNames(loaded?.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Check
            type="switch"
            id="notify-weekly"
            className="mb-2"
            label={t.weeklyMapReminder}
            {...form.register('weeklyMapReminder')}
          />
          <ChannelChoice
            id="notify-weekly-channel"
            label={t.channelGroup.weeklyMap}
            field={form.register('weeklyMapReminderChannel')}
          />
          <Form.Check
            type="switch"
            id="notify-live"
            className="mb-2"
            label={t.liveCallReminder}
            {...form.register('liveCallReminder')}
          />
          <ChannelChoice id="notify-live-channel" label={t.channelGroup.liveCall} field={form.register('liveCallReminderChannel')} />
          <p className="mb-1">{t.coachNudge}</p>
          <p className="text-muted small mb-2">{t.coachNudgeHelp}</p>
          <ChannelChoice
            id="notify-nudge-channel"
            label={t.channelGroup.coachNudge}
            field={form.register('coachNudgeChannel')}
            underSwitch={false}
          />
          <Form.Check type="switch" id="notify-news" className="mb-3" label={t.productNews} {...form.register('productNews')} />
          {teamAdmin && (
            <>
              <Form.Check
                type="switch"
                id="notify-coach-summary"
                className="mb-1"
                label={t.coachSummary}
                aria-describedby="notify-coach-summary-help"
                {...form.register('coachSummary')}
              />
              <p className="text-muted small ms-5 mb-3" id="notify-coach-summary-help">
                {t.coachSummaryHelp}
              </p>
            </>
          )}
        </fieldset>
        {serverError && (
          <Alert variant="danger" role="alert" style={{ maxWidth: 500 }}>
            {serverError}
          </Alert>
        )}
        <Button type="submit" disabled={busy || !changed}>
          {update.isPending ? t.saving : t.save}
        </Button>
      </Form>
      <PushDevicesSection />
      <section className="mt-5" aria-label={t.gameDayTitle} style={{ maxWidth: 500 }}>
        <h2 className="h5">{t.gameDayTitle}</h2>
        <Form.Check
          type="switch"
          id="notify-game-day"
          label={t.gameDay}
          checked={settings.data?.gameDay ?? false}
          disabled={settings.isPending || gameDay.isPending}
          onChange={(event) => gameDay.mutate(event.target.checked)}
        />
        <p className="text-muted small ms-5">
          {settings.data?.gameDay && settings.data.gameDayUntil
            ? t.gameDayUntil(untilText(settings.data.gameDayUntil, settings.data.timeZone))
            : t.gameDayHelp}
        </p>
      </section>
    </>
  );
}
