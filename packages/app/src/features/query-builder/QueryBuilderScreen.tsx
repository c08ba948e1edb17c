// /csv/new and /csv/{id}/edit: the query builder and CSV export. The builder's
// cards on one side; the live preview, the run and past runs on the other; one column on a phone.
import type { CatalogueResponse } from '@payportal/shared/analytics';
import type { ExportJob, RunExportBodyInput } from '@payportal/shared/exports';
import { exportNameSchema } from '@payportal/shared/exports';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { SubscribeButton } from '../alerts/index.ts';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { paths } from '../../lib/paths.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { session } from '../session/index.ts';
import { fetchCatalogue } from './analyticsApi.ts';
import { AttributesCard } from './AttributesCard.tsx';
import { builder } from './builderStore.ts';
import { savedShapeOf, sameShape, shapeOf } from './builderShape.ts';
import { BuilderToolbar } from './BuilderToolbar.tsx';
import { EntryCard } from './EntryCard.tsx';
import { ExportRunCard } from './ExportRunCard.tsx';
import { FileOptionsCard } from './FileOptionsCard.tsx';
import { FiltersCard } from './FiltersCard.tsx';
import { MetricsCard } from './MetricsCard.tsx';
import { PastRuns } from './PastRuns.tsx';
import { PreviewCard } from './PreviewCard.tsx';
import * as styles from './queryBuilder.css.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { useDefinitionActions } from './useDefinitionActions.ts';
import { useExportJob } from './useExportJob.ts';
import { runExport } from './exportsApi.ts';
import { useSavedDefinition } from './useSavedDefinition.ts';
import { writeAccessFor } from './writeAccess.ts';

export interface QueryBuilderScreenProps {
  /** edit mode when present. */
  id?: string;
}

/**
 * One builder per export: the router keeps a route's screen mounted when only its id changes
 * (/csv/7/edit → /csv/8/edit), and what the builder holds (the export as saved, its choices, its run)
 * belongs to the export it was opened for.
 */
export function QueryBuilderScreen({ id }: QueryBuilderScreenProps) {
  return <ExportBuilder key={id ?? 'new'} id={id} />;
}

function ExportBuilder({ id }: QueryBuilderScreenProps) {
  const saved = useSavedDefinition(id);
  const { definition } = saved;
  const catalogue = useDebouncedRequest<CatalogueResponse>('catalogue', (signal) => fetchCatalogue(signal), {
    delayMs: 0,
    failure: 'The list of attributes and metrics could not be loaded.',
  });
  const state = useSnapshot(builder);
  const { current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  const access = writeAccessFor({
    impersonatedBy: current.status === 'signedIn' ? current.impersonatedBy : null,
    impersonationReadOnly: readOnly,
    definition,
  });
  const actions = useDefinitionActions(definition, saved.setSaved);
  const { job, setJob, pollFailed } = useExportJob();

  const shape = useMemo(() => shapeOf(state), [state]);
  const dirty = definition ? !sameShape(shape, savedShapeOf(definition)) : true;
  // A saved export runs as saved; anything else runs what the builder shows, under its name if valid.
  const runBody: RunExportBodyInput | null =
    definition && !dirty
      ? { definition_id: definition.id }
      : shape.query
        ? {
            query: shape.query,
            csv: shape.csv,
            ...(exportNameSchema.safeParse(shape.name).success && { name: shape.name }),
          }
        : null;
  const locked = definition !== null && !access.canSave;

  if (saved.notFound)
    return (
      <NotFound
        title="Export not found"
        message="This export was not found."
        detail="It does not exist, or it belongs to another organisation."
        back={{ label: 'New export', href: paths.csvNew() }}
      />
    );
  if (saved.error) {
    return (
      <div role="alert" className={styles.alert}>
        {saved.error}{' '}
        {saved.retry && (
          <button type="button" className={secondaryButton} onClick={saved.retry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (saved.loading || (saved.definitionId !== null && !definition)) return <p role="status">Loading the export…</p>;

  return (
    <div>
      <BuilderToolbar
        title={definition ? definition.name : 'New CSV export'}
        access={access}
        dirty={dirty}
        saving={actions.pending}
        onSave={() => actions.save(shape)}
        onDelete={actions.remove}
        canClear={!locked}
      />
      {access.reason && (
        <p role="note" className={styles.note}>
          {access.reason}
        </p>
      )}
      {definition && current.status === 'signedIn' && (
        <p>
          <SubscribeButton
            title={definition.name}
            source={{ kind: 'export', definition_id: definition.id }}
            userId={current.user.id}
          />
        </p>
      )}
      <p role="status" className={styles.notice}>
        {actions.notice || saved.notice}
      </p>
      {actions.error && (
        <p role="alert" className={styles.alert}>
          {actions.error}
        </p>
      )}
      {catalogue.status === 'error' && (
        <div role="alert" className={styles.alert}>
          {catalogue.error}
        </div>
      )}
      {catalogue.status === 'loading' && <p role="status">Loading the catalogue…</p>}
      {catalogue.data && (
        <div className={styles.layout}>
          <div className={styles.column}>
            <EntryCard disabled={locked} nameError={actions.nameError} />
            <AttributesCard dimensions={catalogue.data.dimensions} disabled={locked} />
            <MetricsCard measures={catalogue.data.measures} disabled={locked} />
            <FiltersCard disabled={locked} />
          </div>
          <div className={styles.column}>
            <PreviewCard description={shape.query} sortable={!locked} />
            <FileOptionsCard disabled={locked} />
            <ExportRunCard
              start={runBody && (() => runExport(runBody))}
              blocked={access.canRun ? null : 'Running exports is not available in read-only support mode.'}
              job={job}
              onJob={setJob}
              pollFailed={pollFailed}
            />
            <PastRuns definitionId={definition?.id ?? null} version={runsVersion(job)} />
          </div>
        </div>
      )}
    </div>
  );
}

/** The past runs ask again when a run starts and when it finishes, not on every progress poll. */
const runsVersion = (job: ExportJob | null) =>
  job ? `${job.id}:${['queued', 'running'].includes(job.status) ? 'active' : job.status}` : 'none';
