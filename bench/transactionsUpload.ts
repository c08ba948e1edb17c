// A generated transactions file and its trip through the API's tus endpoint with tus-js-client, as the
// app's upload screen sends it: bench:upload sends one large file, bench:load a small one again and again.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { UPLOAD_PATHS, uploadTemplate } from '@payportal/shared/uploads';
import { Upload as TusUpload } from 'tus-js-client';

/**
 * About `megabytes` MB of valid sales over the merchants `mids`, one in fifty declined, written to `path`
 * as a stream; every row's tx_ref starts with `refPrefix` (a file sent again needs a prefix of its own:
 * a tx_ref already loaded is a rejected row). Answers the rows written.
 */
export async function writeTransactionsFile(
  path: string,
  mids: string[],
  megabytes: number,
  refPrefix = 'BENCH-',
): Promise<number> {
  const out = createWriteStream(path);
  out.write(`${uploadTemplate('transactions').split('\r\n')[0]}\n`);
  const brands = ['visa', 'mastercard', 'amex', 'discover'];
  const modes = ['chip', 'contactless', 'swipe', 'keyed', 'ecom', 'recurring'];
  let rows = 0;
  let bytes = 0;
  while (bytes < megabytes * 2 ** 20) {
    let chunk = '';
    for (let index = 0; index < 10_000; index += 1, rows += 1) {
      const declined = rows % 50 === 0;
      const day = String(1 + (rows % 28)).padStart(2, '0');
      chunk += `${refPrefix}${rows},${mids[rows % mids.length]},2026-10-${day}T${String(rows % 24).padStart(2, '0')}:15:00Z,${(5 + (rows % 9000) / 100).toFixed(2)},USD,${brands[rows % 4]},${rows % 3 ? 'debit' : 'credit'},${modes[rows % 6]},${declined ? 'declined,51' : 'approved,'}\n`;
    }
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return rows;
}

/** The file at `path` (`size` bytes) sent as a transactions upload to append, in 64 MiB chunks; answers the upload's id once the last byte is in. */
export function sendTransactionsByTus(base: string, token: string, path: string, size: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    // A file stream with its path: tus-js-client reads each chunk from the file (again on a retry).
    const upload = new TusUpload(createReadStream(path), {
      endpoint: `${base}${UPLOAD_PATHS.tusFiles()}`,
      chunkSize: 64 * 2 ** 20,
      uploadSize: size,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: 'transactions.csv', kind: 'transactions', mode: 'append', reject_whole_file: 'false' },
      onError: reject,
      onSuccess: () => resolve(Number(upload.url!.split('/').pop())),
    });
    upload.start();
  });
}
