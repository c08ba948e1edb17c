// The options every ticket download route shares (exports, documents): public in routeAccess terms (a
// browser navigation sends no bearer token, and none may go into a URL), the single-use ticket in its
// path being the authorisation (downloads/downloadTickets.ts); no HEAD; every refusal the same 404.
import { downloadParamsSchema } from '@payportal/shared/exports';
import { PUBLIC } from '../auth/routeAccess.ts';
import { errorResponses } from '../http/errorResponses.ts';

export function ticketDownloadOptions(tag: string, summary: string, body: string) {
  return {
    // No HEAD: it would run the handler and use the ticket up without sending the file.
    exposeHeadRoute: false,
    config: { access: PUBLIC },
    schema: {
      summary,
      description: `No bearer token: the ticket is the authorisation. It works once and for a minute; any other case answers 404. ${body}`,
      tags: [tag],
      params: downloadParamsSchema,
      response: { 400: errorResponses[400], 404: errorResponses[404], 503: errorResponses[503] },
    },
  };
}
