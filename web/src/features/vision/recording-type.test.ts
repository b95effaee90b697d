import { describe, expect, it } from 'vitest';
import { chooseRecorderType, uploadType } from './recording-type';

const supports =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

describe('the recorder type', () => {
  it('is WebM with Opus where the browser records it (Chrome, Firefox)', () => {
    expect(chooseRecorderType(supports('audio/webm;codecs=opus', 'audio/webm', 'audio/ogg'))).toBe('audio/webm;codecs=opus');
  });

  it('is MP4 on Safari, which records neither WebM nor Ogg', () => {
    expect(chooseRecorderType(supports('audio/mp4'))).toBe('audio/mp4');
  });

  it('falls back to Ogg, and to none (the recorder chooses) when nothing is supported', () => {
    expect(chooseRecorderType(supports('audio/ogg'))).toBe('audio/ogg');
    expect(chooseRecorderType(supports())).toBeUndefined();
  });

  it('skips a type whose check throws', () => {
    const throwsOnWebm = (type: string) => {
      if (type.startsWith('audio/webm')) throw new Error('not here');
      return type === 'audio/mp4';
    };
    expect(chooseRecorderType(throwsOnWebm)).toBe('audio/mp4');
  });
});

describe('the upload type', () => {
  it('is the recorder type without its codecs', () => {
    expect(uploadType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(uploadType('audio/ogg; codecs="opus"')).toBe('audio/ogg');
    expect(uploadType('audio/mp4;codecs=mp4a.40.2')).toBe('audio/mp4');
    expect(uploadType('Audio/MPEG')).toBe('audio/mpeg');
  });

  it('sends audio-only video containers as audio', () => {
    expect(uploadType('video/webm;codecs=opus')).toBe('audio/webm');
    expect(uploadType('video/mp4')).toBe('audio/mp4');
  });

  it('is null for what the server refuses', () => {
    expect(uploadType('audio/wav')).toBeNull();
    expect(uploadType('')).toBeNull();
  });
});
