import { describe, expect, it } from 'vitest';
import { zoneNames } from './time-zones';

describe('zoneNames', () => {
  it('lists the browser zones once each, keeping a stored zone the browser does not list', () => {
    const names = zoneNames('Etc/Legacy-Zone');
    expect(names[0]).toBe('Etc/Legacy-Zone');
    expect(names).toContain('America/Los_Angeles');
    expect(names).toContain('UTC');
    expect(new Set(names).size).toBe(names.length);
  });

  it('adds nothing when the stored zone is already listed', () => {
    expect(zoneNames('Asia/Tokyo').filter((z) => z === 'Asia/Tokyo')).toHaveLength(1);
    expect(zoneNames(null)).toContain('Europe/Paris');
  });
});
