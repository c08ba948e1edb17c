// The avatar's colour is picked from the length of the user's name. Every colour keeps the
// white letter readable (WCAG AA, checked by the test).
export const AVATAR_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#6d28d9',
  '#c2410c',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
] as const;

export function avatarColour(name: string): string {
  return AVATAR_COLOURS[name.length % AVATAR_COLOURS.length]!;
}

/** the avatar shows the first letter of the user's name. */
export function avatarLetter(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
