// The residual inputs' upload history for /residuals/setup: the newest uploads of each residual kind
// (RESIDUAL_UPLOAD_KINDS), read through the uploads' own history (listUploads) as an organisation-wide
// viewer. A kind with no upload yet has none: the generated data is the baseline.
import { RESIDUAL_UPLOAD_KINDS, type ResidualSetup } from '@payportal/shared/residuals';
import type { Queryable } from '../db/database.ts';
import { listUploads } from '../uploads/uploadRepository.ts';

const orNumber = (value: number | string | null) => (value === null ? null : Number(value));

export async function residualUploads(
  db: Queryable,
  viewer: { orgId: number; userId: number },
): Promise<ResidualSetup['uploads']> {
  const pages = await Promise.all(
    RESIDUAL_UPLOAD_KINDS.map(async (kind) => {
      const { rows } = await listUploads(
        db,
        { ...viewer, seesOrganisation: true, canManage: false },
        { kind, page: 1 },
      );
      return rows.map((row) => ({
        id: row.id,
        kind,
        file_name: row.file_name,
        version: row.version,
        status: row.status,
        rows_loaded: orNumber(row.rows_loaded),
        rows_rejected: orNumber(row.rows_rejected),
        uploaded_by: row.user_name,
        created_at: new Date(row.created_at).toISOString(),
      }));
    }),
  );
  return pages.flat().sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}
