// One run of a subscription: its dashboard drawn as a PDF, or its saved export written as CSV, through
// the analytics engine (the query API's numbers) in one `scheduled` turn of admission per book, stored in
// the file store and attached to one mail per recipient in the outbox. Each recipient's attachment is made
// in their book (the narrower of the creator's and theirs, mailRights.ts): never the creator's wider one.
import type { AnalyticsEngine } from '@payportal/analytics';
import { resolveDateRange, type QueryDescription } from '@payportal/shared/analytics';
import { applyDashboardFilters } from '@payportal/shared/dashboards';
import { DEFAULT_CSV_OPTIONS } from '@payportal/shared/exports';
import type { Admission } from '../admission/admission.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findDashboard } from '../dashboards/index.ts';
import { openCsvFile, type CsvFile } from '../csv/csvFile.ts';
import { fileNameOf, findDefinition } from '../exports/index.ts';
import { enqueueMail, type MailAttachment } from '../mail/mailRepository.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { bookDirectory } from './bookDirectory.ts';
import { renderDashboardPdf } from './dashboardPdf.ts';
import { queryScope } from '../auth/callerScope.ts';
import { checkMailRights, recipientCount } from './mailRights.ts';
import { recordSkips } from './mailSkipRepository.ts';
import { escapeHtml } from './mailText.ts';
import type { SubscriptionRow } from './subscriptionRepository.ts';

/** Rows a subscription's CSV holds at most: a mail is no place for the export's millions. */
export const SUBSCRIPTION_CSV_ROW_CAP = 100_000;

export interface SubscriptionRunDeps {
  db: Database;
  engine: AnalyticsEngine;
  admission: Admission;
  store: FileStore;
  config: Pick<ApiConfig, 'ANALYTICS_TIMEOUT_MS' | 'PUBLIC_URL'>;
  today: () => string;
  now: () => Date;
}

interface Content {
  title: string;
  link: string;
  attachment: MailAttachment;
  note: string;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').slice(0, 15);

/** The book one attachment is made in: its node (null: the whole organisation), its name, and the file's key. */
interface Book {
  node: string | null;
  /** As bookName() says it ("Agent: Lakeside Payments"); null: the whole organisation. */
  name: string | null;
  key: string;
}

async function dashboardContent(
  deps: SubscriptionRunDeps,
  row: SubscriptionRow,
  source: { dashboard_id: number; filters: object },
  book: Book,
): Promise<Content> {
  const { db, engine, store, config } = deps;
  const actor = { orgId: row.org_id, userId: row.created_by, signedInUserId: row.created_by, isOrgOwner: false };
  const dashboard = await findDashboard(db, actor, source.dashboard_id);
  if (!dashboard) throw new Error('The dashboard no longer exists.');
  const filters = { ...dashboard.filters, ...source.filters };
  const scope = queryScope(row.org_id, book.node, deps.today());
  const byId = new Map(dashboard.charts.map((chart) => [chart.id, chart]));
  const charts = dashboard.layout.map((item) => byId.get(item.chart_id)).filter((chart) => chart !== undefined);
  // One turn holds one engine connection: the charts are asked one after another.
  const drawn = [];
  for (const chart of charts) {
    const query: QueryDescription = chart.config.display.ignoreDashboardFilters
      ? chart.config.query
      : applyDashboardFilters(chart.config.query, filters);
    drawn.push({ chart, result: await engine.query(query, scope, { timeoutMs: config.ANALYTICS_TIMEOUT_MS }) });
  }
  const [{ name: orgName }] = (await db.query<{ name: string }>('select name from organizations where id = $1', [
    row.org_id,
  ])) as [{ name: string }];
  const range = filters.dateRange ? resolveDateRange(filters.dateRange, scope.today) : null;
  const period = range ? `${range.from} to ${range.to}` : 'Each chart’s own period';
  const bytes = await renderDashboardPdf(dashboard, drawn, {
    orgName: book.name === null ? orgName : `${orgName}, ${book.name}`,
    period,
    createdAt: deps.now(),
  });
  const key = `${book.key}.pdf`;
  const file = await store.openWrite(key);
  await new Promise<void>((resolve, reject) => file.end(bytes, () => resolve()).once('error', reject));
  return {
    title: dashboard.title,
    link: `${config.PUBLIC_URL}/dashboard/${dashboard.id}`,
    attachment: {
      filename: fileNameOf(dashboard.title, DEFAULT_CSV_OPTIONS).replace(/\.csv$/, '.pdf'),
      content_type: 'application/pdf',
      key,
    },
    note: `${dashboard.title}, ${period}, is attached as a PDF.`,
  };
}

async function exportContent(
  deps: SubscriptionRunDeps,
  row: SubscriptionRow,
  definitionId: number,
  book: Book,
): Promise<Content> {
  const { db, engine, store, config } = deps;
  const definition = await findDefinition(db, definitionId, {
    orgId: row.org_id,
    userId: row.created_by,
    isOrgOwner: false,
  });
  if (!definition) throw new Error('The saved export no longer exists.');
  const key = `${book.key}.csv${definition.csv.gzip ? '.gz' : ''}`;
  const out: { file: CsvFile | null } = { file: null };
  let rows = 0;
  await engine.stream(
    definition.query,
    queryScope(row.org_id, book.node, deps.today()),
    async (page, columns) => {
      out.file ??= await openCsvFile(store, key, columns, definition.csv);
      await out.file.write(page.slice(0, Math.max(SUBSCRIPTION_CSV_ROW_CAP - rows, 0)));
      rows += page.length;
    },
    { rowCap: SUBSCRIPTION_CSV_ROW_CAP, timeoutMs: config.ANALYTICS_TIMEOUT_MS * 4 },
  );
  if (!out.file) {
    // No rows: the header alone, with the columns the engine names for the question.
    const empty = await engine.query(
      { ...definition.query, limit: 1 },
      queryScope(row.org_id, book.node, deps.today()),
      {
        timeoutMs: config.ANALYTICS_TIMEOUT_MS,
      },
    );
    out.file = await openCsvFile(store, key, empty.columns, definition.csv);
  }
  await out.file.finish();
  const capped = rows > SUBSCRIPTION_CSV_ROW_CAP;
  return {
    title: definition.name,
    link: `${config.PUBLIC_URL}/csv/${definition.id}/edit`,
    attachment: {
      filename: fileNameOf(definition.name, definition.csv),
      content_type: definition.csv.gzip ? 'application/gzip' : 'text/csv',
      key,
    },
    note: capped
      ? `The first ${SUBSCRIPTION_CSV_ROW_CAP.toLocaleString('en-US')} rows of ${definition.name} are attached as CSV; run the export for all of them.`
      : `${definition.name} is attached as CSV (${rows.toLocaleString('en-US')} rows).`,
  };
}

/**
 * Makes the attachments (one per book) and queues the mails; answers how many were queued. The creator's
 * right and each recipient's are checked first: a run whose creator lost it makes nothing, and
 * who was left out is recorded in the history.
 */
export async function runSubscription(deps: SubscriptionRunDeps, row: SubscriptionRow): Promise<number> {
  const { source } = row;
  const directory = bookDirectory(deps.engine, row.org_id, deps.today());
  const rights = await checkMailRights(deps.db, {
    orgId: row.org_id,
    createdBy: row.created_by,
    recipients: row.recipients,
    hierarchy: directory.nodes,
  });
  const skipped = () => recordSkips(deps.db, row.org_id, { subscriptionId: row.id }, rights.skips, deps.now());
  if (rights.creatorRefused || !rights.audiences.length) {
    await skipped();
    return 0;
  }
  const day = deps.today();
  const keyBase = `mail/subscription-${row.id}-${stamp(deps.now())}`;
  for (const [index, audience] of rights.audiences.entries()) {
    const book: Book = {
      node: audience.book,
      name: await directory.nameOf(audience.book),
      key: rights.audiences.length > 1 ? `${keyBase}-${index + 1}` : keyBase,
    };
    const turn = { kind: 'scheduled', orgId: row.org_id, userId: row.created_by, arrivedAt: Date.now() } as const;
    const content = await deps.admission.run(turn, () =>
      source.kind === 'dashboard'
        ? dashboardContent(deps, row, source, book)
        : exportContent(deps, row, source.definition_id, book),
    );
    const subject = `${row.name}: ${content.title} (${day})`;
    const text = `${content.note}\n\nOpen it in PayPortal: ${content.link}\n\nYou receive this because you are a recipient of the subscription "${row.name}" (${deps.config.PUBLIC_URL}/alerts).`;
    const html = `<p>${escapeHtml(content.note)}</p><p><a href="${escapeHtml(content.link)}">Open it in PayPortal</a></p><p>You receive this because you are a recipient of the subscription “${escapeHtml(row.name)}” (<a href="${escapeHtml(deps.config.PUBLIC_URL)}/alerts">Alerts</a>).</p>`;
    await deps.db.transaction(async (tx) => {
      for (const recipient of audience.recipients)
        await enqueueMail(tx, {
          orgId: row.org_id,
          subscriptionId: row.id,
          to: recipient.email,
          subject,
          text,
          html,
          attachments: [content.attachment],
        });
    });
  }
  await skipped();
  return recipientCount(rights.audiences);
}
