// A download ticket (exports; documents): POST …/download-ticket
// answers a path to GET (no bearer token needed, none ever goes into a URL) that works once, for this
// caller, until expires_at (a minute). Navigate the browser to it (or use an <a download>) so the file
// streams to disk.
import { z } from 'zod';

export const downloadTicketSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;

export const downloadParamsSchema = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a download ticket' }),
});
