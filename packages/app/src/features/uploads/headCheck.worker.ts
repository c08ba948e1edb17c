// The pre-upload check in a Web Worker: reads only the head of the chosen file and
// runs the shared check (encoding, delimiter, header, the first rows' cells), off the page's thread.
import { checkCsvHead, HEAD_BYTES, type HeadCheck, type UploadKind } from '@payportal/shared/uploads';
import { expose } from 'comlink';

const api = {
  async check(file: Blob, kind: UploadKind): Promise<HeadCheck> {
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    return checkCsvHead(head, kind, file.size <= HEAD_BYTES);
  },
};
export type HeadCheckWorker = typeof api;

expose(api);
