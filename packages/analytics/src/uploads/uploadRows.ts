// The rows an upload put in the organisation's tables (every fact carries upload_id), and
// the two things a change of them needs: the rollup of the merchants touched and a new data version.
import type { DuckDBConnection } from '@duckdb/node-api';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';

const TAGGED = ['dispute_events', 'chargebacks', 'transactions', 'merchants'] as const;

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
  for (const table of TAGGED)
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

/** Removes the uploads' rows in one transaction, rebuilding what they touched (their rejects stay: the history keeps them). */
export async function removeUploads(
  connection: DuckDBConnection,
  orgId: number,
  uploadIds: readonly number[],
): Promise<void> {
  if (!uploadIds.length) return;
  await connection.run('begin transaction');
  try {
    await connection.run(`create or replace temp table upload_touched as ${touchedMerchantsSql(orgId, uploadIds)}`);
    await deleteUploadRows(connection, orgId, uploadIds);
    await buildMerchantDaily(connection, orgId, 'select merchant_id from upload_touched');
    await bumpDataVersion(connection, orgId);
    await connection.run('drop table upload_touched');
    await connection.run('commit');
  } catch (error) {
    await connection.run('rollback').catch(() => undefined);
    throw error;
  }
}
