// The download of a ready export (issue #13 item 4): a short-lived, single-use ticket from the API, then
// the browser itself fetches the ticket's URL (an <a download> click), so the file streams to disk and
// no session token ever goes into a URL. Framed, the click happens inside the frame, which downloads
// the same way.
import { requestDownloadTicket } from './exportsApi.ts';

export async function downloadExport(jobId: number): Promise<void> {
  const ticket = await requestDownloadTicket(jobId);
  const anchor = document.createElement('a');
  anchor.href = ticket.url;
  anchor.download = ''; // the API's Content-Disposition names the file
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
