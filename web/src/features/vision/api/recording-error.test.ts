import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { visionTexts as t } from '../texts';
import { recordingErrorText } from './recording-error';

describe('the recording error message', () => {
  it('says the recording is too long on 413', () => {
    expect(recordingErrorText(new ApiError(413, { code: 'payload_too_large', message: 'At most 20 MB' }), 'x', true)).toBe(
      t.recordingTooLong,
    );
  });

  it('says to check the connection when the request got no answer', () => {
    expect(recordingErrorText(new TypeError('Failed to fetch'), 'x', true)).toBe(t.recordingOffline);
    expect(recordingErrorText(new Error('whatever'), 'x', false)).toBe(t.recordingOffline);
  });

  it("gives the server's words otherwise, or the fallback", () => {
    expect(recordingErrorText(new ApiError(403, { code: 'forbidden', message: 'Renew your membership' }), 'x', true)).toBe(
      'Renew your membership',
    );
    expect(recordingErrorText(new ApiError(500, undefined), 'Could not save', true)).toBe('Could not save');
    expect(recordingErrorText(new Error('odd'), 'Could not save', true)).toBe('Could not save');
  });
});
