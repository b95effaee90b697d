import type { AnswerKey } from './steps';

/**
 * Unsaved vision answers, kept on the device per member (localStorage) so a reload, Back or a
 * closed tab loses no typed text. A step's draft goes when the step is saved, all of them when
 * the whole vision is saved, and every member's on sign-out (`clearVisionDrafts`).
 */
export type VisionDrafts = Partial<Record<AnswerKey, string>>;

const PREFIX = 'swaz.vision.draft.';

function storageKey(memberId: string): string {
  return `${PREFIX}${memberId}`;
}

export function readDrafts(memberId: string): VisionDrafts {
  try {
    const raw = window.localStorage.getItem(storageKey(memberId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ) as VisionDrafts;
  } catch {
    return {};
  }
}

function writeDrafts(memberId: string, drafts: VisionDrafts) {
  try {
    if (Object.keys(drafts).length === 0) window.localStorage.removeItem(storageKey(memberId));
    else window.localStorage.setItem(storageKey(memberId), JSON.stringify(drafts));
  } catch {
    // Private mode or a full quota: the text stays in the form, only not across a reload.
  }
}

/** Keeps `text` as the draft of one answer, or forgets it when it equals the saved answer. */
export function keepDraft(memberId: string, key: AnswerKey, text: string, saved: string) {
  const drafts = readDrafts(memberId);
  if (text === saved) delete drafts[key];
  else drafts[key] = text;
  writeDrafts(memberId, drafts);
}

export function forgetDraft(memberId: string, key: AnswerKey) {
  const drafts = readDrafts(memberId);
  delete drafts[key];
  writeDrafts(memberId, drafts);
}

export function forgetDrafts(memberId: string) {
  writeDrafts(memberId, {});
}

/** Forgets every member's drafts on this device (on sign-out). */
export function clearVisionDrafts() {
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i -= 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored to forget.
  }
}
