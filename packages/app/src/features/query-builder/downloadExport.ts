// The download of a ready export, through a single-use ticket (lib/downloadWithTicket.ts).
import { downloadWithTicket } from '../../lib/downloadWithTicket.ts';
import { requestDownloadTicket } from './exportsApi.ts';

export const downloadExport = (jobId: number): Promise<void> => downloadWithTicket(() => requestDownloadTicket(jobId));
