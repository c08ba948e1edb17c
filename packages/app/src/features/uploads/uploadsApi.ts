// The uploads calls, parsed with the shared contract. The file itself goes through tus
// (useTusUpload.ts); the rejected rows' CSV is fetched with the bearer token and saved from memory.
import { API_ERROR_CODES, type ApiErrorCode } from '@payportal/shared/errors';
import {
  rejectsPageSchema,
  UPLOAD_PATHS,
  uploadListQuerySchema,
  uploadListSchema,
  uploadSchema,
  type Upload,
  type UploadListQueryInput,
} from '@payportal/shared/uploads';
import { Upload as TusUpload } from 'tus-js-client';
import { ApiError, apiRequest, authHeaders } from '../../lib/apiClient.ts';

export function fetchUploads(query: UploadListQueryInput, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(uploadListQuerySchema.parse(query)))
    if (value !== undefined) params.set(name, String(value));
  return apiRequest(`${UPLOAD_PATHS.uploads()}?${params}`, { schema: uploadListSchema, signal });
}

export const fetchUpload = (id: number, signal?: AbortSignal) =>
  apiRequest(UPLOAD_PATHS.upload(id), { schema: uploadSchema, signal });

export const fetchRejects = (id: number, page: number, signal?: AbortSignal) =>
  apiRequest(`${UPLOAD_PATHS.rejects(id)}?page=${page}`, { schema: rejectsPageSchema, signal });

export const rollBackUpload = (id: number) =>
  apiRequest(UPLOAD_PATHS.rollback(id), { method: 'POST', schema: uploadSchema });

export const deleteUpload = (id: number) => apiRequest(UPLOAD_PATHS.upload(id), { method: 'DELETE' });

/**
 * Ends an upload still receiving: an owner or upload admin through the uploads API (any of the
 * organisation's), its creator by tus termination (DELETE on the upload's tus URL).
 */
export async function cancelUpload(upload: Upload): Promise<void> {
  if (upload.can_manage) return deleteUpload(upload.id);
  try {
    await TusUpload.terminate(`${UPLOAD_PATHS.tusFiles()}${upload.id}`, {
      onBeforeRequest: async (request) => {
        for (const [name, value] of Object.entries(await authHeaders())) request.setHeader(name, value);
      },
    });
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** The API's refusal inside a tus-js-client error (its JSON error body), if the API answered. */
function refusalOf(error: unknown): ApiError | null {
  const answer = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  if (!answer) return null;
  try {
    const body = JSON.parse(answer.getBody()) as { error?: { code?: ApiErrorCode; message?: string } };
    return body.error?.message
      ? new ApiError(answer.getStatus(), body.error.code ?? API_ERROR_CODES.conflict, body.error.message)
      : null;
  } catch {
    return null;
  }
}

/** Saves a text as a file the browser downloads (a template, the rejected rows). */
export function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadRejects(id: number): Promise<void> {
  saveText(
    (await apiRequest(UPLOAD_PATHS.rejectsCsv(id), { text: true })) as unknown as string,
    `rejected-rows-upload-${id}.csv`,
  );
}
