// The CSV cells of an export written by DuckDB itself (COPY … TO), by the same rules as the API's
// encoder (packages/api/src/exports/csvFormat.ts; a test there holds the two to the same bytes):
// numbers in plain decimal notation with the shortest digits that read back as the same double (never
// an exponent, no '.0' on whole numbers), empty for null or not finite; text with a leading apostrophe
// when a spreadsheet would run it as a formula (= + - @ tab CR first); empty text and null alike empty.
// Quoting (RFC 4180) is DuckDB's CSV writer's, with the options of CSV_COPY_OPTIONS.
import type { QueryColumn } from '@payportal/shared';

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

/** A number cell from its double `value` and that double's text `text`, each made once (csvRowsSql). */
function numberCell(value: string, text: string): string {
  return `case when ${value} is null or isinf(${value}) or isnan(${value}) then null when ${value} = 0 then '0'
    when contains(${text}, 'e') then ${plainDecimalSql(text)}
    when ends_with(${text}, '.0') then left(${text}, length(${text}) - 2) else ${text} end`;
}

function textCell(column: string, neutraliseFormulas: boolean): string {
  const text = `nullif(cast(${column} as varchar), '')`;
  return neutraliseFormulas ? `case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text} else ${text} end` : text;
}

/**
 * The rows of `answerSql` (whose columns are `columns`, in order) as CSV cells named c0, c1, …. A
 * number's double and its text are made once, in an inner projection, and the cell's rules read them
 * (a cast in each branch of the rules cost about a third of an export's time: bench:export).
 */
export function csvRowsSql(columns: readonly QueryColumn[], neutraliseFormulas: boolean, answerSql: string): string {
  const names = columns.map((_column, index) => `c${index}`);
  const inner = columns.flatMap((column, index) =>
    column.type === 'number' ? [`cast(c${index} as double) as d${index}`, `cast(cast(c${index} as double) as varchar) as t${index}`] : [`c${index}`],
  );
  const cells = columns.map((column, index) => {
    const name = `c${index}`;
    if (column.type === 'number') return `${numberCell(`d${index}`, `t${index}`)} as ${name}`;
    if (column.type === 'boolean') return `cast(${name} as varchar) as ${name}`;
    return `${textCell(name, neutraliseFormulas)} as ${name}`;
  });
  return `select ${cells.join(', ')} from (select ${inner.join(', ')} from (${answerSql}) as r(${names.join(', ')})) as cells`;
}
