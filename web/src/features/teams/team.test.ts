import { describe, expect, it } from 'vitest';
import { canSaveName, displayName, isNameDirty, roleBadge, splitName } from './team';

describe('displayName', () => {
  it('joins first and last name, or says Unknown when both are blank', () => {
    expect(displayName({ firstName: 'Riley', lastName: 'Stone' }, 'Unknown')).toBe('Riley Stone');
    expect(displayName({ firstName: 'Riley', lastName: '' }, 'Unknown')).toBe('Riley');
    expect(displayName({ firstName: '', lastName: 'Stone' }, 'Unknown')).toBe('Stone');
    expect(displayName({ firstName: '  ', lastName: ' ' }, 'Unknown')).toBe('Unknown');
  });
});

describe('team name edit', () => {
  it('is dirty only when the trimmed text differs from the current name', () => {
    expect(isNameDirty('Falcons', 'Falcons')).toBe(false);
    expect(isNameDirty('Falcons', '  Falcons ')).toBe(false);
    expect(isNameDirty('Falcons', 'Hawks')).toBe(true);
  });

  it('can be saved only when changed, not saving, and at least 3 characters once trimmed', () => {
    expect(canSaveName('Falcons', 'Hawks', false)).toBe(true);
    expect(canSaveName('Falcons', 'Hawks', true)).toBe(false);
    expect(canSaveName('Falcons', 'Falcons ', false)).toBe(false);
    expect(canSaveName('Falcons', ' ab ', false)).toBe(false);
    expect(canSaveName('Falcons', ' abc ', false)).toBe(true);
    expect(canSaveName('Falcons', 'x'.repeat(61), false)).toBe(false);
  });
});

describe('roleBadge', () => {
  it('shows admins in blue and pending admins in yellow, and no badge for members', () => {
    expect(roleBadge('admin')).toEqual({ bg: 'primary' });
    expect(roleBadge('pending_admin')).toEqual({ bg: 'warning', text: 'dark' });
    expect(roleBadge('member')).toBeNull();
  });
});

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitName(' Riley  Ann Stone ')).toEqual({ first_name: 'Riley', last_name: 'Ann Stone' });
    expect(splitName('Riley')).toEqual({ first_name: 'Riley', last_name: '' });
    expect(splitName('')).toEqual({ first_name: '', last_name: '' });
  });
});
