/**
 * Where a reminder goes (issue 28). `push`: a notification on every device that turned them on,
 * and an e-mail while there is none; `email`: e-mail only; `both`: both.
 */
export const CHANNELS = ['push', 'email', 'both'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The server's value as one the form knows; anything else reads as the default, `push`. */
export function channelOf(value: string | null | undefined): Channel {
  return (CHANNELS as readonly string[]).includes(value ?? '') ? (value as Channel) : 'push';
}

/** The settings fields that choose a channel, and the reminder each belongs to. */
export const CHANNEL_FIELDS = {
  daily: 'dailyReminderChannel',
  weeklyMap: 'weeklyMapReminderChannel',
  liveCall: 'liveCallReminderChannel',
  coachNudge: 'coachNudgeChannel',
} as const;
