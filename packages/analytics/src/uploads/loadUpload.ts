// An upload's validation and load in one DuckDB transaction: split the file into its records
// (splitCsvRecords.ts, before the transaction), stage and check them, write the rejects, then (unless the whole file is to be rejected) insert the good rows, remove
// the rows of the uploads it replaces, set the outcome of the disputes whose events changed
// (settleDisputeOutcomes.ts), rebuild the rollup of the merchants touched and bump the data
// version. Readers on other connections see the organisation before or after, never half-way.
import { rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { UPLOAD_COLUMNS, type UploadKind } from '@payportal/shared/uploads';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import { INSERT_UPLOAD_ROWS } from './insertUploadRows.ts';
import { settleDisputeOutcomes, touchedDisputesSql } from './settleDisputeOutcomes.ts';
import { bumpDataVersion, deleteUploadRows, keepingScopedNodes, touchedMerchantsSql } from './uploadRows.ts';
import { splitCsvRecords, type SplitPaths } from './splitCsvRecords.ts';
import { dropStage, stageUpload, UploadCountError } from './stageUpload.ts';

export interface LoadUploadRequest {
  orgId: number;
  uploadId: number;
  kind: UploadKind;
  /** A local file the engine can read (the API's file store). */
  path: string;
  /** Load nothing when any row fails. */
  rejectWholeFile: boolean;
  /** Uploads whose rows go in the same transaction (replace, new version, rollback). */
  removing: readonly number[];
  /** How a reject names the organisation's live uploads (a tx_ref already loaded), by id. */
  uploadLabels?: Readonly<Record<number, string>>;
  /** Node codes users of the organisation are scoped to: a load that would take a live one away throws a ScopedNodeError, nothing loaded. */
  scopedNodes?: readonly string[];
  /** Hears each phase as it starts, with the counts known by then. */
  onPhase?: (phase: 'validating' | 'loading', counts?: { total: number; rejected: number }) => void | Promise<void>;
}

export interface LoadUploadResult {
  total: number;
  loaded: number;
  rejected: number;
  /** True when rows failed and the whole file was refused: nothing was loaded or removed. */
  refused: boolean;
}

/**
 * Loads the upload; the loader's own check before the commit: every record of the file is loaded or
 * rejected, once (loaded + rejected = total), or nothing is loaded and it throws an UploadCountError.
 */
export async function loadUpload(connection: DuckDBConnection, request: LoadUploadRequest): Promise<LoadUploadResult> {
  const { orgId, uploadId, kind } = request;
  // Beside the file: the API's own store or scratch directory, which it may write.
  const staged: SplitPaths = { records: `${request.path}.records`, malformed: `${request.path}.malformed` };
  try {
    await request.onPhase?.('validating');
    const rules = UPLOAD_COLUMNS[kind];
    const trailing = rules.filter((rule) => rule.trailing).length;
    const split = await splitCsvRecords(request.path, rules.length, staged, trailing);
    await connection.run('begin transaction');
    try {
      const stage = { orgId, uploadId, kind, staged, removing: request.removing, uploadLabels: request.uploadLabels };
      const counts = await stageUpload(connection, stage, split);
      const refused = request.rejectWholeFile && counts.rejected > 0;
      let loaded = 0;
      if (!refused) {
        await request.onPhase?.('loading', counts);
        const touched = touchedMerchantsSql(orgId, [uploadId, ...request.removing]);
        // The merchants touched are kept aside first: removed uploads' rows are gone after the delete.
        await connection.run(`create or replace temp table upload_touched as ${touched}`);
        await connection.run(
          `create or replace temp table upload_disputes as ${touchedDisputesSql(orgId, request.removing)}`,
        );
        await keepingScopedNodes(connection, orgId, request.scopedNodes, async () => {
          await deleteUploadRows(connection, orgId, request.removing);
          loaded = await INSERT_UPLOAD_ROWS[kind](connection, stage);
        });
        if (loaded + counts.rejected !== counts.total) {
          throw new UploadCountError(
            `The file holds ${counts.total} records, but ${loaded} would be loaded and ${counts.rejected} rejected: nothing was loaded.`,
          );
        }
        await connection.run(`insert into upload_touched ${touchedMerchantsSql(orgId, [uploadId])}`);
        await connection.run(`insert into upload_disputes ${touchedDisputesSql(orgId, [uploadId])}`);
        await settleDisputeOutcomes(connection, orgId, 'select chargeback_id from upload_disputes');
        await buildMerchantDaily(connection, orgId, 'select merchant_id from upload_touched');
        await bumpDataVersion(connection, orgId);
        await connection.run('drop table upload_touched');
        await connection.run('drop table upload_disputes');
      }
      await dropStage(connection);
      await connection.run('commit');
      return { total: counts.total, loaded, rejected: counts.rejected, refused };
    } catch (error) {
      await connection.run('rollback').catch(() => undefined);
      await dropStage(connection).catch(() => undefined);
      throw error;
    }
  } finally {
    await Promise.all([rm(staged.records, { force: true }), rm(staged.malformed, { force: true })]);
  }
}
