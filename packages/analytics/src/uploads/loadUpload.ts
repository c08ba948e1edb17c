// An upload's validation and load in one DuckDB transaction (issue #15 item 3): stage and check the
// file, write its rejects, then (unless the whole file is to be rejected) insert the good rows, remove
// the rows of the uploads it replaces, rebuild the rollup of the merchants touched and bump the data
// version. Readers on other connections see the organisation before or after, never half-way.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { UploadKind } from '@payportal/shared';
import { buildMerchantDaily } from '../rollups/buildMerchantDaily.ts';
import { INSERT_UPLOAD_ROWS } from './insertUploadRows.ts';
import { bumpDataVersion, deleteUploadRows, touchedMerchantsSql } from './uploadRows.ts';
import { dropStage, stageUpload } from './stageUpload.ts';

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

export async function loadUpload(connection: DuckDBConnection, request: LoadUploadRequest): Promise<LoadUploadResult> {
  const { orgId, uploadId, kind } = request;
  await connection.run('begin transaction');
  try {
    await request.onPhase?.('validating');
    const counts = await stageUpload(connection, request);
    const refused = request.rejectWholeFile && counts.rejected > 0;
    if (!refused) {
      await request.onPhase?.('loading', counts);
      const touched = touchedMerchantsSql(orgId, [uploadId, ...request.removing]);
      // The merchants touched are kept aside first: removed uploads' rows are gone after the delete.
      await connection.run(`create or replace temp table upload_touched as ${touched}`);
      await deleteUploadRows(connection, orgId, request.removing);
      await INSERT_UPLOAD_ROWS[kind](connection, request);
      await connection.run(`insert into upload_touched ${touchedMerchantsSql(orgId, [uploadId])}`);
      await buildMerchantDaily(connection, orgId, 'select merchant_id from upload_touched');
      await bumpDataVersion(connection, orgId);
      await connection.run('drop table upload_touched');
    }
    await dropStage(connection);
    await connection.run('commit');
    return { total: counts.total, loaded: refused ? 0 : counts.total - counts.rejected, rejected: counts.rejected, refused };
  } catch (error) {
    await connection.run('rollback').catch(() => undefined);
    await dropStage(connection).catch(() => undefined);
    throw error;
  }
}
