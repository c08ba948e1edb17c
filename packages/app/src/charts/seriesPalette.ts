// The series colours: the organisation theme's primary first, then the Okabe–Ito
// palette, which stays distinct for the common forms of colour blindness (Okabe & Ito 2008). Black and
// yellow are left out: black reads as text, yellow vanishes on white.
export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'] as const;

export function seriesPalette(primary: string | null): string[] {
  const rest = OKABE_ITO.filter((colour) => colour.toLowerCase() !== primary?.toLowerCase());
  return primary ? [primary, ...rest] : [...OKABE_ITO];
}
