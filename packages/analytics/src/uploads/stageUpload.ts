// Validation: the file split into its records first (splitCsvRecords.ts: malformed records are rejects
// with their line and reason, the well-formed ones a staging file with their line in front), then the
// staging file read by DuckDB's read_csv with the kind's fixed columns, all as text (never inference),
// and every cell checked by the shared rules (columnChecksSql.ts) against the organisation's merchants
// and the reference tables, in one pass. Every bad record lands in upload_rejects with its line, column,
// value and reason.
import type { DuckDBConnection } from '@duckdb/node-api';
import { UPLOAD_COLUMNS, type UploadKind } from '@payportal/shared/uploads';
import { sqlLiteral } from '../generator/sql.ts';
import { cellSql as cellOf, columnFastSql, columnReasonSql, readsManyRows, rowRejectsSql } from './columnChecksSql.ts';
import { disputeStepReasonsSql } from './disputeStepSql.ts';
import { hierarchyReasonsSql, rejectChildrenOfRejected } from './nodeHierarchySql.ts';
import { splitChainReasonsSql } from './splitChainSql.ts';
import { MAX_RECORD_BYTES, type SplitCounts, type SplitPaths } from './splitCsvRecords.ts';

export interface StageRequest {
  orgId: number;
  uploadId: number;
  kind: UploadKind;
  /** The file split into its records (splitCsvRecords). */
  staged: SplitPaths;
  /** Uploads whose rows this load removes (replace, new version): their rows count as gone already. */
  removing: readonly number[];
  /** How a reject names the live uploads of the organisation ("sales.csv, 2026-11-27"), by id. */
  uploadLabels?: Readonly<Record<number, string>>;
}

export interface StageCounts {
  /** Records in the file after the header, well-formed or not. */
  total: number;
  /** Records with at least one problem (malformed ones included). */
  rejected: number;
}

const uploadRows = (kind: UploadKind) => UPLOAD_COLUMNS[kind];
const uniqueRules = (kind: UploadKind) => uploadRows(kind).filter((rule) => rule.uniqueInFile);

/** read_csv's buffer (its default, 16 lines of the longest record, is 32 MiB a thread): small, so a load keeps within its memory budget. */
const READ_BUFFER_BYTES = 2 * (MAX_RECORD_BYTES + 64);

/** A staging file's records (splitCsvRecords: `line,` then the record), its line as `rn`, the columns `names` as text. */
export function stagedRecordsSql(path: string, names: readonly string[]): string {
  const columns = names.map((name) => `${sqlLiteral(name)}: 'VARCHAR'`).join(', ');
  return `read_csv(${sqlLiteral(path)}, header = false, columns = {'rn': 'BIGINT', ${columns}}, auto_detect = false, delim = ',', quote = '"', escape = '"',
    new_line = '\\n', strict_mode = true, max_line_size = ${MAX_RECORD_BYTES + 64}, buffer_size = ${READ_BUFFER_BYTES})`;
}

/**
 * The file's well-formed records (the staging file of splitCsvRecords), each with its line as `rn`,
 * every column as text. Every record there is well-formed, so nothing is skipped.
 */
export const fileRowsSql = (staged: SplitPaths, kind: UploadKind) =>
  stagedRecordsSql(
    staged.records,
    uploadRows(kind).map((rule) => rule.name),
  );

/** The malformed records: line, reason, the record's start. */
const malformedSql = (
  staged: SplitPaths,
) => `read_csv(${sqlLiteral(staged.malformed)}, header = false, columns = {'line': 'BIGINT', 'reason': 'VARCHAR', 'value': 'VARCHAR'},
  auto_detect = false, delim = ',', quote = '"', escape = '"', new_line = '\\n', strict_mode = true)`;

/**
 * The hashes of the unique columns' values that appear more than once, a plain GROUP BY per column
 * (one scan each; DuckDB spills such an aggregate to disk within the upload's memory budget, which a
 * GROUPING SETS aggregate did not). Hashes, not the values: 8 bytes a record whatever the values'
 * length. No count of the records here: the loader's own check (loaded + rejected = total) catches an
 * engine that read fewer records than the split vouched for.
 */
function repeatedHashesSql(staged: SplitPaths, kind: UploadKind): string {
  const rows = fileRowsSql(staged, kind);
  const perColumn = uniqueRules(kind).map(
    (rule) => `select ${sqlLiteral(rule.name)} as column_name, hash, n
      from (select hash(${cellOf(rule.name, 'r')}) as hash, count(*) as n from ${rows} r group by all) where n > 1`,
  );
  return perColumn.length
    ? perColumn.join(' union all ')
    : 'select null::varchar as column_name, null::ubigint as hash, 0::bigint as n where false';
}

/**
 * The values behind the repeated hashes that do appear more than once (a hash can collide): a scan of
 * the file only when some hash repeats, which keeps and counts only the records with such a hash.
 */
async function findRepeats(connection: DuckDBConnection, staged: SplitPaths, kind: UploadKind): Promise<void> {
  await connection.run('create temp table upload_repeats (column_name varchar, value varchar, n bigint)');
  for (const rule of uniqueRules(kind)) {
    const name = sqlLiteral(rule.name);
    if (!(await scalar(connection, `select count(*) from upload_hashes where column_name = ${name}`))) continue;
    await connection.run(`insert into upload_repeats select ${name}, value, count(*)
      from (select ${cellOf(rule.name, 'r')} as value from ${fileRowsSql(staged, kind)} r) where hash(value) in (select hash from upload_hashes where column_name = ${name})
      group by value having count(*) > 1`);
  }
}

/** Values that appear more than once in the file (dup_<column> > 1), from upload_repeats. */
function duplicatesSql(kind: UploadKind): { columns: string[]; joins: string[] } {
  const unique = uniqueRules(kind);
  return {
    columns: unique.map((rule) => `coalesce(d_${rule.name}.n, 1) as dup_${rule.name}`),
    joins: unique.map(
      (
        rule,
      ) => `left join (select value, n from upload_repeats where column_name = ${sqlLiteral(rule.name)}) d_${rule.name}
      on d_${rule.name}.value = ${cellOf(rule.name, 'r')}`,
    ),
  };
}

/** Rows of the uploads this load removes count as gone already; `column` names their upload id (a table's alias in front where two tables join). */
const removingSql = (request: StageRequest, column = 'upload_id') =>
  request.removing.length ? ` and coalesce(${column}, -1) not in (${request.removing.join(', ')})` : '';

/** The organisation's merchants by mid, less those of the uploads this load removes. */
export function merchantLookupSql(request: StageRequest): string {
  return `select mid, any_value(merchant_id) as merchant_id from merchants where org_id = ${request.orgId}${removingSql(request)} group by mid`;
}

/** A kind's rule over many rows, if it has one (a column's `hierarchy`, `chain` or `disputeStep`): its reasons SQL. */
const MANY_ROWS_SQL = {
  hierarchy: hierarchyReasonsSql,
  chain: splitChainReasonsSql,
  disputeStep: disputeStepReasonsSql,
} as const;
const manyRowsRule = (kind: UploadKind): keyof typeof MANY_ROWS_SQL | null => {
  const rule = uploadRows(kind).find(readsManyRows);
  if (!rule) return null;
  return rule.hierarchy ? 'hierarchy' : rule.chain ? 'chain' : 'disputeStep';
};

const ruleInput = (request: StageRequest) => ({
  orgId: request.orgId,
  rows: fileRowsSql(request.staged, request.kind),
  removing: (column?: string) => removingSql(request, column),
});

/** The organisation's live portfolio nodes by code (those `where` keeps), less those of the uploads this load removes. */
export function nodeLookupSql(request: StageRequest, where = 'true'): string {
  return `select code, any_value(node_id) as node_id from portfolio_nodes where org_id = ${request.orgId} and ${where}${removingSql(request)} group by code`;
}

/** The organisation's disputes (its chargebacks, generated or uploaded), by id. */
export const disputeLookupSql = (request: StageRequest) =>
  `select chargeback_id from chargebacks where org_id = ${request.orgId}`;

/** The joins the rules read (k_<column>, taken_<column>, h_<column>), over the staged rows `r`. */
export function lookupsSql(request: StageRequest): { columns: string[]; joins: string[] } {
  const removing = removingSql(request);
  const org = request.orgId;
  const cellSql = (name: string) => cellOf(name, 'r');
  const columns: string[] = [];
  const joins: string[] = [];
  const names = uploadRows(request.kind).map((rule) => rule.name);
  if (names.includes('mid')) {
    joins.push(`left join (${merchantLookupSql(request)}) m on m.mid = ${cellSql('mid')}`);
    columns.push('m.merchant_id as k_mid', 'm.merchant_id is not null as taken_mid');
  }
  if (names.includes('agent_code')) {
    joins.push(`left join (${nodeLookupSql(request, "kind = 'agent'")}) ag on ag.code = ${cellSql('agent_code')}`);
    columns.push('ag.node_id as k_agent_code');
  }
  if (names.includes('code')) {
    joins.push(`left join (${nodeLookupSql(request)}) nd on nd.code = ${cellSql('code')}`);
    columns.push('nd.node_id is not null as taken_code');
  }
  if (names.includes('node_code')) {
    joins.push(`left join (${nodeLookupSql(request)}) nn on nn.code = ${cellSql('node_code')}`);
    columns.push('nn.node_id as k_node_code');
  }
  if (names.includes('chargeback_id')) {
    joins.push(
      `left join (${disputeLookupSql(request)}) dp on dp.chargeback_id = try_cast(${cellSql('chargeback_id')} as bigint)`,
    );
    columns.push('dp.chargeback_id as k_chargeback_id');
  }
  // the reasons of the rules over many rows (upload_many: nodeHierarchySql.ts, splitChainSql.ts, disputeStepSql.ts)
  for (const rule of uploadRows(request.kind).filter(readsManyRows)) {
    joins.push(`left join upload_many h on h.rn = r.rn`);
    columns.push(`h.reason as h_${rule.name}`);
  }
  if (names.includes('mcc')) {
    joins.push(`left join industries i on i.mcc = ${cellSql('mcc')}`);
    columns.push('i.mcc as k_mcc');
  }
  if (names.includes('state_code')) {
    joins.push(`left join states st on st.state_code = ${cellSql('state_code')}`);
    columns.push('st.state_code as k_state_code');
  }
  for (const rule of uploadRows(request.kind).filter((candidate) => candidate.loadedOnce)) {
    // The live upload that loaded the value (transactions' rows of generated data have no upload), named by upload_labels.
    const alias = `l_${rule.name}`;
    joins.push(`left join (select ${rule.name} as value, min(upload_id) as upload_id from ${request.kind} where org_id = ${org} and upload_id is not null and ${rule.name} is not null${removing}
      group by ${rule.name}) ${alias} on ${alias}.value = ${cellSql(rule.name)} left join upload_labels lb_${rule.name} on lb_${rule.name}.id = ${alias}.upload_id`);
    columns.push(`${alias}.upload_id as loaded_${rule.name}`, `lb_${rule.name}.label as loaded_label_${rule.name}`);
  }
  if (names.includes('reason_code')) {
    joins.push(
      `left join (select distinct reason_code from dispute_reasons) dr on dr.reason_code = ${cellSql('reason_code')}`,
    );
    columns.push('dr.reason_code as k_reason_code');
  }
  if (request.kind === 'chargebacks') {
    joins.push(`left join (select tx_ref, merchant_id, max(tx_id) as tx_id from transactions where org_id = ${org} and tx_ref is not null${removing} group by tx_ref, merchant_id) t
      on t.tx_ref = ${cellSql('tx_ref')} and t.merchant_id = m.merchant_id`);
    columns.push('t.tx_id as k_tx_ref');
  }
  return { columns, joins };
}

/**
 * The lookups of the cheap pass over every record (columnFastSql reads them), as membership tests of
 * the raw cell: `x in (subquery)` is a mark join whose hash table is always the subquery's, however few
 * rows the planner expects of the file (it expected tens of thousands for millions, and as left joins
 * built its hash table on the file). A raw cell with a space at either end misses here and takes the
 * full check, as does a repeated hash; the real values (upload ids, labels, counts) come from
 * lookupsSql on the few suspect records.
 */
function fastLookupsSql(request: StageRequest): Array<[name: string, sql: string]> {
  const removing = removingSql(request);
  const org = request.orgId;
  const raw = (name: string) => `r."${name}"`;
  const names = uploadRows(request.kind).map((rule) => rule.name);
  const hitOf = (test: string) => `case when ${test} then 1 end`;
  const merchants = `select mid from merchants where org_id = ${org}${removing}`;
  const columns: Array<[string, string]> = [];
  if (names.includes('mid'))
    columns.push(
      ['k_mid', hitOf(`${raw('mid')} in (${merchants})`)],
      ['taken_mid', `coalesce(${raw('mid')} in (${merchants}), true)`],
    );
  if (names.includes('agent_code'))
    columns.push([
      'k_agent_code',
      hitOf(`${raw('agent_code')} in (select code from (${nodeLookupSql(request, "kind = 'agent'")}))`),
    ]);
  if (names.includes('code'))
    columns.push(['taken_code', `coalesce(${raw('code')} in (select code from (${nodeLookupSql(request)})), true)`]);
  if (names.includes('node_code'))
    columns.push(['k_node_code', hitOf(`${raw('node_code')} in (select code from (${nodeLookupSql(request)}))`)]);
  if (names.includes('chargeback_id'))
    columns.push([
      'k_chargeback_id',
      hitOf(
        `try_cast(${raw('chargeback_id')} as bigint) in (select chargeback_id from (${disputeLookupSql(request)}))`,
      ),
    ]);
  for (const rule of uploadRows(request.kind).filter(readsManyRows))
    columns.push([`h_${rule.name}`, `case when r.rn in (select rn from upload_many) then 'x' end`]);
  if (names.includes('mcc')) columns.push(['k_mcc', hitOf(`${raw('mcc')} in (select mcc from industries)`)]);
  if (names.includes('state_code'))
    columns.push(['k_state_code', hitOf(`${raw('state_code')} in (select state_code from states)`)]);
  if (names.includes('reason_code'))
    columns.push(['k_reason_code', hitOf(`${raw('reason_code')} in (select reason_code from dispute_reasons)`)]);
  for (const rule of uploadRows(request.kind)) {
    if (rule.loadedOnce)
      columns.push([
        `loaded_${rule.name}`,
        hitOf(
          `${raw(rule.name)} in (select ${rule.name} from ${request.kind} where org_id = ${org} and upload_id is not null and ${rule.name} is not null${removing})`,
        ),
      ]);
    if (rule.uniqueInFile)
      columns.push([
        `dup_${rule.name}`,
        `case when hash(${raw(rule.name)}) in (select hash from upload_hashes where column_name = ${sqlLiteral(rule.name)}) then 2 else 1 end`,
      ]);
  }
  if (request.kind === 'chargebacks') {
    // A sale of the same merchant: the pair as one key.
    const sales = `select t.tx_ref || chr(0) || m.mid from transactions t join merchants m on m.org_id = ${org} and m.merchant_id = t.merchant_id
      where t.org_id = ${org} and t.tx_ref is not null${removingSql(request, 't.upload_id')}`;
    columns.push(['k_tx_ref', hitOf(`${raw('tx_ref')} || chr(0) || ${raw('mid')} in (${sales})`)]);
  }
  return columns;
}

async function scalar(connection: DuckDBConnection, sql: string): Promise<number> {
  return Number((await connection.runAndReadAll(sql)).getRowsJS()[0]![0]);
}

/**
 * The file's good records (their text, `rn` and lookups) as relation `s`, for the load: a second scan of
 * the file, less the records upload_bad names. Nothing of the file is kept in memory between scans.
 * `lookups` replaces the rules' joins where the load needs other columns (a good record passed them all).
 */
export function goodRowsSql(request: StageRequest, lookups = lookupsSql(request)): string {
  return `(select r.*, ${lookups.columns.join(', ')} from ${fileRowsSql(request.staged, request.kind)} r ${lookups.joins.join(' ')}
    where r.rn not in (select rn from upload_bad)) s`;
}

/**
 * Checks the staged records and writes the upload's rejects, in two scans of the staging file (three
 * when a hash repeats) and no copy of it: the repeated values (upload_hashes, upload_repeats), then
 * every record through the cheap tests, only the bad ones kept (upload_bad: rn and problems).
 * The malformed records `split` found are rejects as they are. The caller owns the connection and drops
 * the temp tables.
 */
export async function stageUpload(
  connection: DuckDBConnection,
  request: StageRequest,
  split: SplitCounts,
): Promise<StageCounts> {
  const { orgId, uploadId, kind, staged } = request;
  await dropStage(connection);
  await connection.run(`delete from upload_rejects where org_id = ${orgId} and upload_id = ${uploadId}`);
  const labels = Object.entries(request.uploadLabels ?? {});
  await connection.run(`create temp table upload_labels (id bigint, label varchar)`);
  if (labels.length)
    await connection.run(
      `insert into upload_labels values ${labels.map(([id, label]) => `(${Number(id)}, ${sqlLiteral(label)})`).join(', ')}`,
    );
  await connection.run(`create temp table upload_hashes as ${repeatedHashesSql(staged, kind)}`);
  const many = manyRowsRule(kind);
  if (many) await connection.run(`create temp table upload_many as ${MANY_ROWS_SQL[many](ruleInput(request))}`);
  await findRepeats(connection, staged, kind);
  const lookups = lookupsSql(request);
  const duplicates = duplicatesSql(kind);
  // Two steps: the cheap tests over every record (membership tests, no trims or regular expressions),
  // then the full rules with the real lookups on the records the cheap tests do not pass
  // (upload_suspect: none, in a good file).
  const rules = uploadRows(kind);
  const reasons = rules.map((rule) => `${columnReasonSql(rule)} as reason_${rule.name}`);
  const fast = fastLookupsSql(request);
  await connection.run(`create temp table upload_suspect as
    select * exclude (${fast.map(([name]) => name).join(', ')})
    from (select r.*, ${fast.map(([name, sql]) => `${sql} as ${name}`).join(', ')} from ${fileRowsSql(staged, kind)} r) s
    where not (${rules.map((rule) => columnFastSql(rule)).join(' and ')})`);
  await connection.run(`create temp table upload_bad as
    select rn, ${rowRejectsSql(rules)} as problems
    from (select s.*, ${reasons.join(', ')} from (select r.*, ${[...lookups.columns, ...duplicates.columns].join(', ')}
      from upload_suspect r ${[...lookups.joins, ...duplicates.joins].join(' ')}) s) s
    where ${rules.map((rule) => `reason_${rule.name} is not null`).join(' or ')}`);
  await connection.run('drop table upload_suspect');
  if (many === 'hierarchy') await rejectChildrenOfRejected(connection, ruleInput(request));
  if (split.malformed)
    await connection.run(
      `insert into upload_rejects select ${orgId}, ${uploadId}, line, null, value, reason from ${malformedSql(staged)}`,
    );
  await connection.run(`insert into upload_rejects select ${orgId}, ${uploadId}, c.rn, p.column_name, left(p.value, 200), p.reason
    from (select rn, unnest(problems) as p from upload_bad) c`);
  const badRows = await scalar(connection, 'select count(*) from upload_bad');
  return { total: split.records, rejected: badRows + split.malformed };
}

/** The records read, loaded and rejected do not add up: the load is undone and the upload fails with this message. */
export class UploadCountError extends Error {
  override name = 'UploadCountError';
}

export async function dropStage(connection: DuckDBConnection): Promise<void> {
  for (const table of [
    'upload_labels',
    'upload_hashes',
    'upload_repeats',
    'upload_suspect',
    'upload_bad',
    'upload_many',
  ]) {
    await connection.run(`drop table if exists ${table}`);
  }
}
