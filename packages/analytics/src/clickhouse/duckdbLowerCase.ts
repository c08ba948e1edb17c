// Case-insensitive `contains` in ClickHouse 18.16 that answers exactly as DuckDB's
// `strpos(lower(text), lower(search)) > 0` (duckdbDialect.ts), so both engines find the same rows.
//
// DuckDB lower-cases each code point by Unicode's simple mapping. 18.16's lowerUTF8 does the same for
// every code point but the 545 below (checked one by one against both engines, and in every position
// of a string, by crossEngine.test.ts): it leaves them as they are, because their lower case has a
// UTF-8 length of its own (İ → i, K KELVIN SIGN → k, Ω OHM SIGN → ω, ẞ → ß) or is newer than its
// Unicode tables (Cherokee, Georgian Mtavruli, Osage, …). positionCaseInsensitiveUTF8 misses the same
// ones, so a search for "K" found "Kiosk" in DuckDB and nothing in ClickHouse.
//
// The fix costs nothing for ordinary searches: the search is lower-cased with these code points
// replaced first (it is a literal, so in TypeScript), and the searched column has only those of them
// replaced whose lower case occurs in the search (KELVIN SIGN only when the search holds a "k"). A code
// point left alone cannot take part in a match, so the answer is DuckDB's.
import { clickhouseString, clickhouseStringValue } from './clickhouseLiteral.ts';

// [first code point, how many, step between them, lower case − code point], generated from DuckDB 1.5
// and ClickHouse 18.16 (codePointLowerCase.slow.test.ts prints the list again if either engine changes).
const EXCEPTIONS: readonly (readonly [number, number, number, number])[] = [
  [0x130, 1, 1, -199],
  [0x1c5, 1, 1, 1],
  [0x1c8, 1, 1, 1],
  [0x1cb, 1, 1, 1],
  [0x1f2, 1, 1, 1],
  [0x23a, 1, 1, 10795],
  [0x23e, 1, 1, 10792],
  [0x13a0, 80, 1, 38864],
  [0x13f0, 6, 1, 8],
  [0x1c90, 43, 1, -3008],
  [0x1cbd, 3, 1, -3008],
  [0x1e9e, 1, 1, -7615],
  [0x1f88, 8, 1, -8],
  [0x1f98, 8, 1, -8],
  [0x1fa8, 8, 1, -8],
  [0x1fbc, 1, 1, -9],
  [0x1fcc, 1, 1, -9],
  [0x1ffc, 1, 1, -9],
  [0x2126, 1, 1, -7517],
  [0x212a, 1, 1, -8383],
  [0x212b, 1, 1, -8262],
  [0x2132, 1, 1, 28],
  [0x2160, 16, 1, 16],
  [0x2183, 1, 1, 1],
  [0x24b6, 26, 1, 26],
  [0x2c00, 48, 1, 48],
  [0x2c60, 1, 1, 1],
  [0x2c62, 1, 1, -10743],
  [0x2c63, 1, 1, -3814],
  [0x2c64, 1, 1, -10727],
  [0x2c67, 3, 2, 1],
  [0x2c6d, 1, 1, -10780],
  [0x2c6e, 1, 1, -10749],
  [0x2c6f, 1, 1, -10783],
  [0x2c70, 1, 1, -10782],
  [0x2c72, 1, 1, 1],
  [0x2c75, 1, 1, 1],
  [0x2c7e, 2, 1, -10815],
  [0x2c80, 50, 2, 1],
  [0x2ceb, 2, 2, 1],
  [0x2cf2, 1, 1, 1],
  [0xa78d, 1, 1, -42280],
  [0xa7aa, 1, 1, -42308],
  [0xa7ab, 1, 1, -42319],
  [0xa7ac, 1, 1, -42315],
  [0xa7ad, 1, 1, -42305],
  [0xa7ae, 1, 1, -42308],
  [0xa7b0, 1, 1, -42258],
  [0xa7b1, 1, 1, -42282],
  [0xa7b2, 1, 1, -42261],
  [0xa7b3, 1, 1, 928],
  [0xa7b4, 8, 2, 1],
  [0xa7c4, 1, 1, -48],
  [0xa7c5, 1, 1, -42307],
  [0xa7c6, 1, 1, -35384],
  [0xa7c7, 2, 2, 1],
  [0xa7d0, 1, 1, 1],
  [0xa7d6, 2, 2, 1],
  [0xa7f5, 1, 1, 1],
  [0x104b0, 36, 1, 40],
  [0x10570, 11, 1, 39],
  [0x1057c, 15, 1, 39],
  [0x1058c, 7, 1, 39],
  [0x10594, 2, 1, 39],
  [0x10c80, 51, 1, 64],
  [0x16e40, 32, 1, 32],
  [0x1e900, 34, 1, 34],
];

/** Each code point whose lower case 18.16's lowerUTF8 does not give, with DuckDB's lower case of it. */
export const LOWER_CASE_EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  EXCEPTIONS.flatMap(([first, count, step, delta]) =>
    Array.from({ length: count }, (_, index) => {
      const codePoint = first + index * step;
      return [String.fromCodePoint(codePoint), String.fromCodePoint(codePoint + delta)] as const;
    }),
  ),
);

/** The exceptions by their lower case: which code points must be replaced where a search holds it. */
const EXCEPTIONS_BY_LOWER = new Map<string, string[]>();
for (const [upper, lower] of LOWER_CASE_EXCEPTIONS)
  EXCEPTIONS_BY_LOWER.set(lower, [...(EXCEPTIONS_BY_LOWER.get(lower) ?? []), upper]);

const replaceExceptions = (text: string) =>
  Array.from(text, (char) => LOWER_CASE_EXCEPTIONS.get(char) ?? char).join('');

/**
 * `expression` (a String or Nullable(String) column) lower-cased as DuckDB's lower() would, for a
 * search by `search`: only the exceptions that could take part in a match are replaced.
 */
function clickhouseLowerFor(expression: string, search: string): string {
  // Every character the search's lower case can hold: DuckDB's lower case of each code point is
  // lowerUTF8's (or the exception's), and JavaScript's per code point covers lowerUTF8's.
  const lowered = replaceExceptions(search);
  const candidates = new Set([
    ...Array.from(lowered),
    ...Array.from(lowered).flatMap((char) => Array.from(char.toLowerCase())),
  ]);
  const replaced = [...candidates]
    .flatMap((char) => (EXCEPTIONS_BY_LOWER.get(char) ?? []).map((upper) => [upper, char] as const))
    .reduce(
      (text, [upper, lower]) => `replaceAll(${text}, ${clickhouseString(upper)}, ${clickhouseString(lower)})`,
      expression,
    );
  return `lowerUTF8(${replaced})`;
}

/** The search's lower case as DuckDB's lower() gives it, as a ClickHouse expression. */
function clickhouseLowerSearch(search: string): string {
  return `lowerUTF8(${clickhouseString(replaceExceptions(search))})`;
}

/** DuckDB's `strpos(lower(expression), lower(search)) > 0` in ClickHouse 18.16; `literal` is clickhouseString's. */
export function clickhouseContainsText(expression: string, literal: string): string {
  const search = clickhouseStringValue(literal);
  return `position(${clickhouseLowerFor(expression, search)}, ${clickhouseLowerSearch(search)}) > 0`;
}
