// A statement's files (README "Residuals"): its CSV through the export jobs (202: followed, cancelled
// and downloaded through the exports API) and its PDF through the document generator (201: a generated
// document, downloaded through the documents API). Both hold the statement GET statements/{node}/merchants
// answers, in the caller's book: another book's node 404, as for the statement itself. Making a file is a
// write (support staff impersonating need support_write).
import { documentSchema } from '@payportal/shared/documents';
import { DEFAULT_CSV_OPTIONS, exportJobSchema } from '@payportal/shared/exports';
import {
  RESIDUAL_ROUTES,
  nodeCodeSchema,
  residualFileBodySchema,
  residualNodePathSchema,
} from '@payportal/shared/residuals';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/callerHooks.ts';
import { withRole } from '../auth/routeAccess.ts';
import { documentViewerOf, findDocument, saveGenerated, toPortalDocument } from '../documents/index.ts';
import { queueExportJob, toExportJob } from '../exports/index.ts';
import { describedError, requireAnalytics } from '../http/errorResponses.ts';
import type { RouteDeps } from '../http/routeDeps.ts';
import { merchantLines } from './residualAnswers.ts';
import { RESIDUAL_REFUSALS } from './residualRefusals.ts';
import {
  checkComplete,
  checkReader,
  closedMonth,
  residualErrors,
  residualSchema,
  statementFor,
} from './residualRouteParts.ts';
import { RESIDUAL_STATEMENT_EXPORT_NAME } from './residualStatementCsv.ts';
import { renderResidualStatementPdf, residualStatementTitle } from './residualStatementPdf.ts';

const fileMaker = withRole(['residuals_admin', 'org_owner', 'query'], 'write', { impersonation: true });

export function registerResidualFileRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The caller's statement of the month (404 outside their book), as GET merchants answers it. */
  async function statementAsked(
    request: FastifyRequest,
    reply: FastifyReply,
    { month, node: path }: { month: string; node: string },
  ) {
    checkReader(request);
    checkComplete(month, deps.today());
    const node = nodeCodeSchema.safeParse(path);
    if (!node.success) throw RESIDUAL_REFUSALS.notFound();
    const closed = await closedMonth(deps, request, month);
    const statement = await statementFor(deps, request, reply, { month, node: node.data }, closed);
    return merchantLines(statement, closed?.run ?? null);
  }

  routes.post(
    RESIDUAL_ROUTES.statementCsv,
    {
      config: { access: fileMaker },
      schema: residualSchema('A statement’s CSV as an export job', {
        description:
          'A line per merchant, a line per adjustment and the total, the figures of GET statements/{node}/merchants. Answers 202 with the queued job; follow and download it through the exports API’s job routes.',
        params: residualNodePathSchema,
        body: residualFileBodySchema,
        response: {
          202: exportJobSchema,
          ...residualErrors,
          429: describedError('exports/queue-full: wait for one of your exports to finish'),
        },
      }),
    },
    async (request, reply) => {
      const runner = requireAnalytics(deps.exportRunner);
      const statement = await statementAsked(request, reply, { ...request.params, ...request.body });
      const { month } = request.body;
      const node = statement.node.code;
      const job = await queueExportJob({ db: deps.db, config: deps.config, runner }, callerOf(request), {
        definitionId: null,
        name: `${RESIDUAL_STATEMENT_EXPORT_NAME} ${node} ${month}`,
        source: { residuals: { month, node } },
        csv: DEFAULT_CSV_OPTIONS,
      });
      return reply.code(202).send(toExportJob(job));
    },
  );

  routes.post(
    RESIDUAL_ROUTES.statementPdf,
    {
      config: { access: fileMaker },
      schema: residualSchema('A statement’s PDF as a generated document', {
        description:
          'The figures of GET statements/{node}/merchants, made now; making it again replaces the one made in the same book. Download it through the documents API.',
        params: residualNodePathSchema,
        body: residualFileBodySchema,
        response: { 201: documentSchema, ...residualErrors },
      }),
    },
    async (request, reply) => {
      const statement = await statementAsked(request, reply, { ...request.params, ...request.body });
      const caller = callerOf(request);
      const [org] = await deps.db.query<{ name: string }>('select name from organizations where id = $1', [
        caller.user.org_id,
      ]);
      const bytes = await renderResidualStatementPdf(statement, org?.name ?? '', new Date());
      const id = await saveGenerated(
        { db: deps.db, store: deps.fileStore },
        {
          orgId: caller.user.org_id,
          type: 'residual_statement',
          period: statement.month,
          title: residualStatementTitle(statement),
          fileName: `residual-statement-${statement.node.code}-${statement.month}.pdf`,
          contentType: 'application/pdf',
          bytes,
          userId: caller.user.id,
          signedInUserId: caller.signedIn.id,
          node: statement.node.code,
          book: caller.scopeNode,
        },
      );
      const viewer = documentViewerOf(request);
      return reply.code(201).send(toPortalDocument((await findDocument(deps.db, id, viewer))!, viewer));
    },
  );
}
