// The CSV cells of an export written by DuckDB itself (COPY … TO), by the same rules as the API's
// encoder (packages/api/src/csv/csvFormat.ts; a test there holds the two to the same bytes):
// numbers in plain decimal notation with the shortest digits that read back as the same double (never
// an exponent, no '.0' on whole numbers), empty for null or not finite; text with a leading apostrophe
// when a spreadsheet would run it as a formula (= + - @ tab CR first); empty text and null alike empty.
// Quoting (RFC 4180) is DuckDB's CSV writer's, with the options of CSV_COPY_OPTIONS. With values in
// words, a dimension with a fixed vocabulary is mapped by one CASE over its codes (a code outside it
// stays itself), as the encoder maps each cell.
import { dimensionVocabulary, type QueryColumn } from '@payportal/shared/analytics';

/** RFC 4180 as the API writes it: comma, double quotes doubled, CRLF, null as nothing. */
export const CSV_COPY_OPTIONS = `format csv, header false, delimiter ',', quote '"', escape '"', new_line '\r\n', nullstr ''`;

/** 'd.ddde±k' (DuckDB's shortest form, like JavaScript's) → plain decimal; anything else unchanged. */
function plainDecimalSql(text: string): string {
  const sign = `regexp_extract(${text}, '^(-?)', 1)`;
  const digits = `replace(regexp_extract(${text}, '^-?([0-9.]+)e', 1), '.', '')`;
  const exponent = `cast(regexp_extract(${text}, 'e([+-][0-9]+)$', 1) as integer)`;
  const negative = `${sign} || '0.' || repeat('0', -${exponent} - 1) || ${digits}`;
  const whole = `${sign} || ${digits} || repeat('0', ${exponent} + 1 - length(${digits}))`;
  const split = `${sign} || left(${digits}, ${exponent} + 1) || '.' || substr(${digits}, ${exponent} + 2)`;
  return `case when ${exponent} < 0 then ${negative} when length(${digits}) <= ${exponent} + 1 then ${whole} else ${split} end`;
}

/**
 * A number cell from its double `value`. DuckDB's shortest text of a double has an exponent only below
 * 1e-4 or from 1e16 and ends in '.0' only when whole: a whole number below 1e15 is written as an
 * integer and any other from 1e-4 to 1e15 as DuckDB's text, each by one cast; the rest (rare) by the rules.
 */
function numberCell(value: string): string {
  const text = `cast(${value} as varchar)`;
  return `case when ${value} is null or isinf(${value}) or isnan(${value}) then null
    when abs(${value}) < 1e15 and ${value} = trunc(${value}) then cast(cast(${value} as bigint) as varchar)
    when abs(${value}) >= 1e-4 and abs(${value}) < 1e15 then ${text}
    when contains(${text}, 'e') then ${plainDecimalSql(text)}
    when ends_with(${text}, '.0') then left(${text}, length(${text}) - 2) else ${text} end`;
}

function textCell(column: string, neutraliseFormulas: boolean): string {
  const text = `nullif(cast(${column} as varchar), '')`;
  return neutraliseFormulas
    ? `case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text} else ${text} end`
    : text;
}

/**
 * The rows of `answerSql` (whose columns are `columns`, in order) as CSV cells named c0, c1, …. A
 * number's double is made once, in an inner projection, and the cell's rules read it; its text is
 * made only in the branch that writes it. Made for every cell ahead of the rules, the cells cost
 * 2–3 s of a 10-million-row export over a plain COPY of the answer; so, about 0.5 s (bench:export).
 */
export function csvRowsSql(
  columns: readonly QueryColumn[],
  neutraliseFormulas: boolean,
  answerSql: string,
  periodNotes?: ReadonlyMap<string, string>,
  valueLabels = false,
): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const names = columns.map((_column, index) => `c${index}`);
  const inner = columns.flatMap((column, index) =>
    column.type === 'number' ? [`cast(c${index} as double) as d${index}`] : [`c${index}`],
  );
  const cells = columns.map((column, index) => {
    const name = `c${index}`;
    const vocabulary = valueLabels ? dimensionVocabulary(column.name) : null;
    if (vocabulary) {
      const code = `cast(${name} as varchar)`;
      const branches = [...vocabulary].map(([value, words]) => `when ${quoted(value)} then ${quoted(words)}`);
      return `${textCell(`(case ${code} ${branches.join(' ')} else ${code} end)`, neutraliseFormulas)} as ${name}`;
    }
    if (column.type === 'number') return `${numberCell(`d${index}`)} as ${name}`;
    if (column.type === 'boolean') return `cast(${name} as varchar) as ${name}`;
    return `${textCell(name, neutraliseFormulas)} as ${name}`;
  });
  // The period note (CsvCopyOptions.periodNotes): a last cell, its row's date bucket's note or empty.
  const dateIndex = columns.findIndex((column) => column.type === 'date');
  if (periodNotes && dateIndex >= 0) {
    const branches = [...periodNotes].map(([label, note]) => `when ${quoted(label)} then ${quoted(note)}`);
    cells.push(
      `${textCell(branches.length ? `(case cast(c${dateIndex} as varchar) ${branches.join(' ')} end)` : 'null', neutraliseFormulas)} as c${columns.length}`,
    );
  }
  return `select ${cells.join(', ')} from (select ${inner.join(', ')} from (${answerSql}) as r(${names.join(', ')})) as cells`;
}
