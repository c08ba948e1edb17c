import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../theme/contrastRatio.ts';
import { AVATAR_COLOURS, avatarColour, avatarLetter } from './avatarColour.ts';

describe('the avatar', () => {
  it('picks its colour from the length of the name: fixed expected colours, not the formula again', () => {
    expect(avatarColour('Quinn Analyst')).toBe('#0e7490'); // 13 letters
    expect(avatarColour('Olivia Owner')).toBe('#c2410c'); // 12
    expect(avatarColour('Anna')).toBe('#c2410c'); // 4: the same length class as 12
    expect(avatarColour('Ann')).toBe('#6d28d9'); // 3
    expect(avatarColour('Bob')).toBe('#6d28d9');
    expect(avatarColour('Eli Embe')).toBe('#1d4ed8'); // 8: back to the first colour
    expect(avatarColour('')).toBe('#1d4ed8');
  });

  it('shows the first letter of the name, upper-cased', () => {
    expect(avatarLetter('quinn Analyst')).toBe('Q');
    expect(avatarLetter('  ')).toBe('?');
  });

  it('keeps the white letter readable on every colour', () => {
    for (const colour of AVATAR_COLOURS) expect(contrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });
});
