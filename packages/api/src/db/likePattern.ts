// A search box's text as a LIKE pattern for "contains", lower case: % and _ (and the escape itself) are
// escaped so a name holding them matches literally. '%%' means no search.
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
