// One upload's record, asked again twice a second while it is under way (phases and counts move), then left alone.
import type { Upload } from '@payportal/shared/uploads';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { fetchUpload } from './uploadsApi.ts';
import { isUnderWay } from './uploadText.ts';

const POLL_MS = 500;

export function usePolledUpload(uploadId: number | null, version = 0): { upload: Upload | null; error: string | null } {
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (uploadId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await fetchUpload(uploadId, controller.signal);
        setUpload(next);
        setError(null);
        if (isUnderWay(next.status)) timer = setTimeout(() => void load(), POLL_MS);
      } catch (caught) {
        if (controller.signal.aborted) return;
        // 404: another organisation's or person's upload, or an id that never was; reloading would not help.
        setError(
          caught instanceof ApiError && caught.status === 404
            ? 'This upload does not exist or is not yours.'
            : 'The upload could not be loaded. Please reload the page.',
        );
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [uploadId, version]);
  return { upload, error };
}
