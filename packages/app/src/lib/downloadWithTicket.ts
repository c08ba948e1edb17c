// A download through a short-lived, single-use ticket from the API (exports;
// documents): the browser itself fetches the ticket's URL (an <a download> click),
// so the file streams to disk and no session token ever goes into a URL. Framed, the click happens
// inside the frame, which downloads the same way.
import type { DownloadTicket } from '@payportal/shared/exports';

export async function downloadWithTicket(requestTicket: () => Promise<DownloadTicket>): Promise<void> {
  const ticket = await requestTicket();
  const anchor = document.createElement('a');
  anchor.href = ticket.url;
  anchor.download = ''; // the API's Content-Disposition names the file
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
