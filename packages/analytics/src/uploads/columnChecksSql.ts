// The validation of staged rows in SQL, rendered from the shared column rules (uploadKinds.ts) so the
// engine and the browser's pre-check apply the same rules: one expression per column that yields the
// reason a cell fails, or null. Lookups (known MCC, state, merchant, reason code, transaction) and
// uniqueness read columns the staging query joins in (stageUpload.ts): k_<column>, dup_<column>,
// taken_<column>, and loaded_<column> with loaded_label_<column> (the upload that loaded the value).
import { UPLOAD_REJECT_REASONS, type ColumnRule } from '@payportal/shared/uploads';
import { sqlLiteral } from '../generator/sql.ts';

const KNOWN_REASON: Record<NonNullable<ColumnRule['known']>, string> = {
  mcc: UPLOAD_REJECT_REASONS.unknownMcc,
  state: UPLOAD_REJECT_REASONS.unknownState,
  merchant: UPLOAD_REJECT_REASONS.unknownMerchant,
  reason: UPLOAD_REJECT_REASONS.unknownReason,
  agent: UPLOAD_REJECT_REASONS.unknownAgent,
  node: UPLOAD_REJECT_REASONS.unknownNode,
  dispute: UPLOAD_REJECT_REASONS.unknownDispute,
};

/** Whether a column's rule reads other rows: its reason comes from upload_many (stageUpload.ts). */
export const readsManyRows = (rule: ColumnRule): boolean => Boolean(rule.hierarchy || rule.chain || rule.disputeStep);

const TAKEN_REASON: Record<NonNullable<ColumnRule['uniqueInOrganisation']>, string> = {
  merchant: UPLOAD_REJECT_REASONS.existingMerchant,
  node: UPLOAD_REJECT_REASONS.existingNode,
};

/** The staged column of a rule (of the relation `alias`): the raw text, trimmed. */
export const cellSql = (name: string, alias = 's') => `trim(${alias}."${name}")`;

/** `case when … then reason … end`: the first reason the cell fails, in the rule's order. */
export function columnReasonSql(rule: ColumnRule): string {
  const cell = cellSql(rule.name);
  const matches = `regexp_full_match(${cell}, ${sqlLiteral(rule.pattern ?? '.*')})`;
  if (rule.declineCode) {
    return `case when ${cellSql('auth_result')} = 'declined' and not coalesce(${matches}, false) then ${sqlLiteral(rule.reason)}
      when coalesce(${cellSql('auth_result')}, '') <> 'declined' and coalesce(${cell}, '') <> '' then ${sqlLiteral(UPLOAD_REJECT_REASONS.approvedDeclineCode)} end`;
  }
  const branches = [
    `when coalesce(${cell}, '') = '' then ${rule.optional ? 'null' : sqlLiteral(UPLOAD_REJECT_REASONS.required)}`,
    `when not ${matches} then ${sqlLiteral(rule.reason)}`,
  ];
  if (rule.positive) branches.push(`when try_cast(${cell} as decimal(18, 2)) <= 0 then ${sqlLiteral(rule.reason)}`);
  if (rule.date)
    branches.push(`when try_cast(${cell} as date) is null then ${sqlLiteral(UPLOAD_REJECT_REASONS.badDate)}`);
  if (rule.timestamp)
    branches.push(
      `when try_cast(left(${cell}, 10) as date) is null or ${timestampSql(cell)} is null then ${sqlLiteral(UPLOAD_REJECT_REASONS.badDate)}`,
    );
  if (rule.known) branches.push(`when s.k_${rule.name} is null then ${sqlLiteral(KNOWN_REASON[rule.known])}`);
  if (rule.transaction)
    branches.push(`when s.k_${rule.name} is null then ${sqlLiteral(UPLOAD_REJECT_REASONS.unknownTransaction)}`);
  if (rule.uniqueInFile)
    branches.push(`when s.dup_${rule.name} > 1 then ${sqlLiteral(UPLOAD_REJECT_REASONS.duplicateInFile)}`);
  if (rule.uniqueInOrganisation)
    branches.push(`when s.taken_${rule.name} then ${sqlLiteral(TAKEN_REASON[rule.uniqueInOrganisation])}`);
  // the reason the staging query found over many rows (nodeHierarchySql.ts, splitChainSql.ts, disputeStepSql.ts)
  if (readsManyRows(rule)) branches.push(`when s.h_${rule.name} is not null then s.h_${rule.name}`);
  if (rule.loadedOnce) {
    branches.push(
      `when s.loaded_${rule.name} is not null then ${sqlLiteral(`${UPLOAD_REJECT_REASONS.alreadyLoaded} `)} || s.loaded_${rule.name} || coalesce(' (' || s.loaded_label_${rule.name} || ')', '')`,
    );
  }
  return `case ${branches.join(' ')} end`;
}

const TEXT_PATTERN = '[\\s\\S]{1,200}';
const ONE_OF = /^\(([\w.]+(?:\|[\w.]+)*)\)$/;

/**
 * A cheap test a cell surely passes its rule by (never null): true means `columnReasonSql` gives no
 * reason; false means "check it in full". Most cells of a real file pass it, so the full rules (regular
 * expressions, trimming) run only on the few that do not. It reads the raw cell, untrimmed (a trim per
 * cell cost more than the tests): each test passes only a cell with no space at either end, which
 * trimming leaves as it is. A list of values instead of an alternation, a length for free text, a
 * lookup's own hit (every known value fits its pattern), and a round trip through DuckDB's cast for
 * dates, times and amounts (the text DuckDB writes back is the text read, so it has the form).
 */
export function columnFastSql(rule: ColumnRule): string {
  const raw = `s."${rule.name}"`;
  const tests: string[] = [];
  const oneOf = rule.pattern && ONE_OF.exec(rule.pattern);
  if (rule.declineCode)
    tests.push(
      `case s."auth_result" when 'approved' then coalesce(${raw}, '') = '' when 'declined' then regexp_full_match(${raw}, ${sqlLiteral(rule.pattern ?? '.*')}) else false end`,
    );
  else if (rule.known || rule.transaction) tests.push(`s.k_${rule.name} is not null`);
  else if (oneOf) tests.push(`${raw} in (${oneOf[1]!.split('|').map(sqlLiteral).join(', ')})`);
  else if (rule.timestamp) tests.push(`strftime(try_cast(${raw} as timestamp), '%Y-%m-%dT%H:%M:%SZ') = ${raw}`);
  else if (rule.date) tests.push(`strftime(try_cast(${raw} as date), '%Y-%m-%d') = ${raw}`);
  else if (rule.positive)
    tests.push(`try_cast(${raw} as decimal(15, 2)) > 0 and try_cast(${raw} as decimal(15, 2))::varchar = ${raw}`);
  else if (rule.pattern === TEXT_PATTERN)
    tests.push(`strlen(${raw}) between 1 and 200 and ${raw}[1] <> ' ' and ${raw}[-1] <> ' '`);
  else tests.push(`regexp_full_match(${raw}, ${sqlLiteral(rule.pattern ?? '.*')}) and trim(${raw}) = ${raw}`);
  if (rule.uniqueInFile) tests.push(`coalesce(s.dup_${rule.name}, 1) <= 1`);
  if (rule.uniqueInOrganisation) tests.push(`not s.taken_${rule.name}`);
  if (rule.loadedOnce) tests.push(`s.loaded_${rule.name} is null`);
  if (readsManyRows(rule)) tests.push(`s.h_${rule.name} is null`);
  const passes = `coalesce(${tests.join(' and ')}, false)`;
  // an empty optional cell passes (its other tests would read it as unknown)
  return rule.optional && !rule.declineCode ? `(coalesce(${raw}, '') = '' or ${passes})` : passes;
}

/**
 * An ISO 8601 text as the timestamp stored: the clock time as written, its offset (Z, +02:00) dropped,
 * so a sale keeps the merchant's local day (README: decisions). DuckDB's own cast already reads most
 * texts so (it ignores an offset); the regular expression, ten times dearer, only takes the forms it
 * refuses (an offset after a time without seconds, +0200) — coalesce evaluates it for those rows only.
 */
export function timestampSql(cell: string): string {
  return `coalesce(try_cast(${cell} as timestamp), try_cast(regexp_replace(${cell}, '(Z|[+-]\\d{2}:?\\d{2})$', '') as timestamp))`;
}

/** Every failing cell of a staged row as a list of {column_name, value, reason}; empty when the row is good. */
export function rowRejectsSql(rules: readonly ColumnRule[]): string {
  const items = rules.map(
    (rule) =>
      `{'column_name': ${sqlLiteral(rule.name)}, 'value': s."${rule.name}", 'reason': ${columnReasonSql(rule)}}`,
  );
  return `list_filter([${items.join(', ')}], x -> x.reason is not null)`;
}
