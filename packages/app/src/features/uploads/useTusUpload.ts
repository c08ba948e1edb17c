// A resumable upload with tus-js-client: bytes progress, pause and resume, and an
// automatic resume after a dropped connection or an API restart (its retries ask the API's offset and
// go on from there; a reload finds the unfinished upload by the file's fingerprint). The headers are
// asked before every request, so a refreshed token is used.
import { UPLOAD_PATHS, type UploadKind, type UploadMode } from '@payportal/shared/uploads';
import { useCallback, useRef, useState } from 'react';
import { Upload as TusUpload } from 'tus-js-client';
import { authHeaders } from '../../lib/apiClient.ts';

export type TusState =
  | { status: 'idle' }
  | { status: 'sending' | 'paused'; sent: number; total: number; uploadId: number | null }
  | { status: 'sent'; uploadId: number }
  | { status: 'error'; message: string };

export interface UploadRequest {
  file: File;
  kind: UploadKind;
  mode: UploadMode;
  rejectWholeFile: boolean;
  /** new_version: the upload it replaces. */
  versionOf?: number;
}

/** Waits between retries after a dropped connection, in ms: about a minute in all before giving up. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 20_000];
const CHUNK_BYTES = 16 * 1024 * 1024;

const idOf = (url: string | null) => (url ? Number(url.split('/').pop()) || null : null);

function messageOf(error: Error): string {
  const body =
    'originalResponse' in error
      ? (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody()
      : undefined;
  try {
    const parsed = JSON.parse(body ?? '') as {
      error?: { message?: string; issues?: { field: string; problem: string }[] };
    };
    const { message, issues = [] } = parsed.error ?? {};
    // Bad metadata: the fields and their problems, which say what to change.
    if (message && issues.length)
      return `${message.replace(/\.$/, '')}: ${issues.map((issue) => `${issue.field} ${issue.problem}`).join('; ')}.`;
    if (message) return message;
  } catch {
    // not the API's JSON: the connection's own failure
  }
  return 'The upload stopped: the connection to the portal was lost. Choose Resume to go on from where it stopped.';
}

export function useTusUpload() {
  const [state, setState] = useState<TusState>({ status: 'idle' });
  const current = useRef<TusUpload | null>(null);

  const start = useCallback(async (request: UploadRequest) => {
    const upload = new TusUpload(request.file, {
      endpoint: UPLOAD_PATHS.tusFiles(),
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: request.file.name,
        filetype: request.file.type,
        kind: request.kind,
        mode: request.mode,
        reject_whole_file: String(request.rejectWholeFile),
        ...(request.versionOf !== undefined && { version_of: String(request.versionOf) }),
      },
      onBeforeRequest: async (httpRequest) => {
        for (const [name, value] of Object.entries(await authHeaders())) httpRequest.setHeader(name, value);
      },
      // The API's refusals (size, allowance, rights) are final; lost connections and restarts are retried.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => setState({ status: 'sending', sent, total, uploadId: idOf(upload.url) }),
      onSuccess: () => setState({ status: 'sent', uploadId: idOf(upload.url)! }),
      onError: (error) => setState({ status: 'error', message: messageOf(error) }),
    });
    current.current = upload;
    setState({ status: 'sending', sent: 0, total: request.file.size, uploadId: null });
    // The same file with the same choices, left unfinished (a reload, a closed tab): go on with it.
    const previous = (await upload.findPreviousUploads()).find(
      (candidate) =>
        candidate.metadata.kind === request.kind &&
        candidate.metadata.mode === request.mode &&
        candidate.metadata.version_of === (request.versionOf === undefined ? undefined : String(request.versionOf)),
    );
    if (previous) upload.resumeFromPreviousUpload(previous);
    upload.start();
  }, []);

  const pause = useCallback(async () => {
    await current.current?.abort();
    setState((value) => (value.status === 'sending' ? { ...value, status: 'paused' } : value));
  }, []);

  const resume = useCallback(() => {
    if (!current.current) return;
    setState((value) =>
      value.status === 'paused'
        ? { ...value, status: 'sending' }
        : value.status === 'error'
          ? { status: 'sending', sent: 0, total: 0, uploadId: null }
          : value,
    );
    current.current.start();
  }, []);

  const reset = useCallback(() => {
    void current.current?.abort();
    current.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, reset };
}
