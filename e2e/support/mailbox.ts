import type { APIRequestContext } from '@playwright/test';

/** One mail of the development mailbox (GET /_dev/mailbox, newest first). */
export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  /** Where replies go when not to the sender (the contact-form copy). */
  replyTo?: string | null;
  createdAt: string;
}

function addressedTo(mail: Mail, email: string): boolean {
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.some((address) => address.toLowerCase().includes(email.toLowerCase()));
}

/** Waits for the newest mail to `email` (the outbox is delivered in the background). */
export async function latestMailTo(request: APIRequestContext, email: string, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get('/_dev/mailbox');
    if (response.ok()) {
      const mails = (await response.json()) as Mail[];
      const mail = mails.find((m) => addressedTo(m, email));
      if (mail) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits for the newest mail to `email` with `subject`, whatever came after it (a payment's
 * receipt may follow the confirmation mail).
 */
export async function mailTo(
  request: APIRequestContext,
  email: string,
  subject: string,
  timeoutMs = 20_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get('/_dev/mailbox');
    if (response.ok()) {
      const mails = (await response.json()) as Mail[];
      const mail = mails.find((m) => addressedTo(m, email) && m.subject === subject);
      if (mail) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The first link of a mail's text, moved onto the server under test: the
 * server may know itself under another origin than the test's base URL.
 */
export function firstLink(mail: Mail, baseURL: string): string {
  const match = mail.text.match(/https?:\/\/[^\s<>"')\]]+/);
  if (!match) throw new Error(`no link in mail "${mail.subject}": ${mail.text}`);
  const link = new URL(match[0]);
  const base = new URL(baseURL);
  link.protocol = base.protocol;
  link.host = base.host;
  return link.toString();
}

/**
 * Waits for the newest mail whose recipient is exactly `email` (not an address that merely
 * contains it) with exactly `subject`.
 */
export async function mailExactlyTo(
  request: APIRequestContext,
  email: string,
  subject: string,
  timeoutMs = 20_000,
): Promise<Mail> {
  const wanted = email.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get('/_dev/mailbox');
    if (response.ok()) {
      const mails = (await response.json()) as Mail[];
      const mail = mails.find((m) => {
        const to = Array.isArray(m.to) ? m.to : [m.to];
        return m.subject === subject && to.some((address) => address.toLowerCase() === wanted);
      });
      if (mail) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to exactly ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
