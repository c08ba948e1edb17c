import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../theme/contrastRatio.ts';
import { AVATAR_COLOURS, avatarColour, avatarLetter } from './avatarColour.ts';

describe('the avatar (spec §2)', () => {
  it('picks its colour from the length of the name', () => {
    expect(avatarColour('Quinn Analyst')).toBe(AVATAR_COLOURS[13 % AVATAR_COLOURS.length]);
    expect(avatarColour('Olivia Owner')).toBe(AVATAR_COLOURS[12 % AVATAR_COLOURS.length]);
    expect(avatarColour('Ann')).toBe(avatarColour('Bob'));
    expect(avatarColour('Ann')).not.toBe(avatarColour('Anna'));
  });

  it('shows the first letter of the name, upper-cased', () => {
    expect(avatarLetter('quinn Analyst')).toBe('Q');
    expect(avatarLetter('  ')).toBe('?');
  });

  it('keeps the white letter readable on every colour', () => {
    for (const colour of AVATAR_COLOURS) expect(contrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });
});
