// One upload's record, asked again twice a second while it is under way (phases and counts move), then left alone.
import type { Upload } from '@payportal/shared/uploads';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { fetchUpload } from './uploadsApi.ts';
import { isUnderWay } from './uploadText.ts';

const POLL_MS = 500;

/** What the details screen says of an upload id that is not there for this caller. */
export const UPLOAD_NOT_FOUND = 'This upload does not exist or is not yours.';

export function usePolledUpload(
  uploadId: number | null,
  version = 0,
): { upload: Upload | null; error: string | null; notFound: boolean } {
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  useEffect(() => {
    if (uploadId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await fetchUpload(uploadId, controller.signal);
        setUpload(next);
        setError(null);
        setNotFound(false);
        if (isUnderWay(next.status)) timer = setTimeout(() => void load(), POLL_MS);
      } catch (caught) {
        if (controller.signal.aborted) return;
        // 404: another organisation's or person's upload, or an id that never was; reloading would not help.
        const missing = caught instanceof ApiError && caught.status === 404;
        setNotFound(missing);
        setError(missing ? UPLOAD_NOT_FOUND : 'The upload could not be loaded. Please reload the page.');
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [uploadId, version]);
  return { upload, error, notFound };
}
