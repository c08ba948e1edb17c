// The page's side of the pre-upload check: one Worker per check, reached through comlink, ended after.
import type { HeadCheck, UploadKind } from '@payportal/shared/uploads';
import { wrap } from 'comlink';
import type { HeadCheckWorker } from './headCheck.worker.ts';

export async function checkFileHead(file: File, kind: UploadKind): Promise<HeadCheck> {
  const worker = new Worker(new URL('./headCheck.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await wrap<HeadCheckWorker>(worker).check(file, kind);
  } finally {
    worker.terminate();
  }
}
