// A record someone owns in their organisation: a dashboard, a saved export definition, an alert, a
// subscription. Whoever the feature lets read it sees it; its owner (who created it) and the
// organisation's owners change, archive and delete it. One edit rule and one mapping of the owner's
// fields for all of them, so the answers cannot disagree on who may edit.

/** The caller as an owned record sees them: always the verified caller, never what the request names. */
export interface RecordViewer {
  userId: number;
  isOrgOwner: boolean;
}

/** Its owner and the organisation's owners edit, archive and delete a record. */
export const canEditOwned = (viewer: RecordViewer, ownerId: number): boolean =>
  viewer.isOrgOwner || viewer.userId === ownerId;

const isoTime = (value: Date | string) => new Date(value).toISOString();

/** A row that names its owner (dashboards, export definitions). */
export interface OwnedRow {
  owner_id: number;
  owner_name: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** owner, created_at, updated_at and can_edit, as the answers carry them. */
export const ownedFields = (row: OwnedRow, viewer: RecordViewer) => ({
  owner: { id: row.owner_id, name: row.owner_name },
  created_at: isoTime(row.created_at),
  updated_at: isoTime(row.updated_at),
  can_edit: canEditOwned(viewer, row.owner_id),
});

/** A row that keeps its creator's id only (alerts, subscriptions). */
export interface CreatedRow {
  created_by: number;
  created_at: Date | string;
}

/** created_by, created_at and can_edit; with no viewer (a scheduled run) nobody edits. */
export const createdFields = (row: CreatedRow, viewer: RecordViewer | null) => ({
  created_by: row.created_by,
  created_at: isoTime(row.created_at),
  can_edit: viewer !== null && canEditOwned(viewer, row.created_by),
});
