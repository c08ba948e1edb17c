// The rows an upload put in the organisation's tables (every fact carries upload_id), and
// the two things a change of them needs: the rollup of the merchants touched and a new data version.
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlLiteral } from '../generator/sql.ts';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import { settleDisputeOutcomes, touchedDisputesSql } from './settleDisputeOutcomes.ts';

const TAGGED = ['dispute_events', 'chargebacks', 'transactions', 'merchants'] as const;

/** Tables whose uploaded rows belong to no merchant (a hierarchy's nodes): deleted with the others, touching no rollup. */
const UNTOUCHING = ['portfolio_nodes', 'schedule_a', 'residual_splits', 'residual_adjustments'] as const;

const inList = (ids: readonly number[]) => ids.map((id) => String(Math.trunc(id))).join(', ');

/** A SELECT of the merchant ids the uploads' rows belong to. */
export function touchedMerchantsSql(orgId: number, uploadIds: readonly number[]): string {
  if (!uploadIds.length) return 'select null::bigint as merchant_id where false';
  return TAGGED.map(
    (table) => `select merchant_id from ${table} where org_id = ${orgId} and upload_id in (${inList(uploadIds)})`,
  ).join(' union ');
}

/** Deletes the uploads' rows; an uploaded merchant's pricing plan goes with it. */
export async function deleteUploadRows(
  connection: DuckDBConnection,
  orgId: number,
  uploadIds: readonly number[],
): Promise<void> {
  if (!uploadIds.length) return;
  const ids = inList(uploadIds);
  await connection.run(
    `delete from pricing_plans where org_id = ${orgId} and pricing_plan_id in (select pricing_plan_id from merchants where org_id = ${orgId} and upload_id in (${ids}))`,
  );
  for (const table of [...TAGGED, ...UNTOUCHING])
    await connection.run(`delete from ${table} where org_id = ${orgId} and upload_id in (${ids})`);
}

/**
 * A new data version (caches key on it). An organisation without a generated dataset gets a ledger row
 * of scale factor 0, so its uploaded rows are answered (engine.ts: no ledger row, no answer).
 */
export async function bumpDataVersion(connection: DuckDBConnection, orgId: number): Promise<void> {
  await connection.run(
    `update datasets set data_version = greatest(data_version + 1, epoch_ms(now())) where org_id = ${orgId}`,
  );
  await connection.run(`insert into datasets (org_id, scale_factor, generator_version, end_month, data_version, generated_at) select ${orgId}, 0, 0, date_trunc('month', current_date), epoch_ms(now()), now()::timestamp
    where not exists (select 1 from datasets where org_id = ${orgId})`);
}

/**
 * A change of the hierarchy would take away nodes users are scoped to: nothing changed.
 * `codes` are those nodes; the API names the users (uploads/scoped-node-in-use).
 */
export class ScopedNodeError extends Error {
  override name = 'ScopedNodeError';
  constructor(readonly codes: readonly string[]) {
    super(`The hierarchy would lose the nodes ${codes.join(', ')}, which users are scoped to.`);
  }
}

/** Which of `codes` are live nodes of the organisation. */
async function liveNodeCodes(connection: DuckDBConnection, orgId: number, codes: readonly string[]): Promise<string[]> {
  if (!codes.length) return [];
  const reader = await connection.runAndReadAll(
    `select distinct code from portfolio_nodes where org_id = ${orgId} and code in (${codes.map(sqlLiteral).join(', ')}) order by code`,
  );
  return reader.getRowsJS().map((row) => String(row[0]));
}

/**
 * Runs `change` (inside the caller's transaction) and throws a ScopedNodeError when a node of `scoped`
 * that was live before is gone after it: the caller rolls back.
 */
export async function keepingScopedNodes(
  connection: DuckDBConnection,
  orgId: number,
  scoped: readonly string[] = [],
  change: () => Promise<void>,
): Promise<void> {
  const before = await liveNodeCodes(connection, orgId, scoped);
  await change();
  const after = new Set(await liveNodeCodes(connection, orgId, before));
  const gone = before.filter((code) => !after.has(code));
  if (gone.length) throw new ScopedNodeError(gone);
}

/**
 * Removes the uploads' rows in one transaction, rebuilding what they touched: the outcome of the disputes
 * whose events go (settleDisputeOutcomes.ts), the merchants' rollup (their rejects stay: the history
 * keeps them); refused (ScopedNodeError) when nodes of `scopedNodes` would go.
 */
export async function removeUploads(
  connection: DuckDBConnection,
  orgId: number,
  uploadIds: readonly number[],
  scopedNodes: readonly string[] = [],
): Promise<void> {
  if (!uploadIds.length) return;
  await connection.run('begin transaction');
  try {
    await connection.run(`create or replace temp table upload_touched as ${touchedMerchantsSql(orgId, uploadIds)}`);
    await connection.run(`create or replace temp table upload_disputes as ${touchedDisputesSql(orgId, uploadIds)}`);
    await keepingScopedNodes(connection, orgId, scopedNodes, () => deleteUploadRows(connection, orgId, uploadIds));
    await settleDisputeOutcomes(connection, orgId, 'select chargeback_id from upload_disputes');
    await buildMerchantDaily(connection, orgId, 'select merchant_id from upload_touched');
    await bumpDataVersion(connection, orgId);
    await connection.run('drop table upload_touched');
    await connection.run('drop table upload_disputes');
    await connection.run('commit');
  } catch (error) {
    await connection.run('rollback').catch(() => undefined);
    throw error;
  }
}
