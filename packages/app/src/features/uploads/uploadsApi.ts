// The uploads calls, parsed with the shared contract. The file itself goes through tus
// (useTusUpload.ts); the rejected rows' CSV is fetched with the bearer token and saved from memory.
import { rejectsPageSchema, UPLOAD_PATHS, uploadListQuerySchema, uploadListSchema, uploadSchema, type UploadListQueryInput } from '@payportal/shared';
import { apiRequest } from '../../lib/apiClient.ts';

export function fetchUploads(query: UploadListQueryInput, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(uploadListQuerySchema.parse(query))) if (value !== undefined) params.set(name, String(value));
  return apiRequest(`${UPLOAD_PATHS.uploads()}?${params}`, { schema: uploadListSchema, signal });
}

export const fetchUpload = (id: number, signal?: AbortSignal) => apiRequest(UPLOAD_PATHS.upload(id), { schema: uploadSchema, signal });

export const fetchRejects = (id: number, page: number, signal?: AbortSignal) => apiRequest(`${UPLOAD_PATHS.rejects(id)}?page=${page}`, { schema: rejectsPageSchema, signal });

export const rollBackUpload = (id: number) => apiRequest(UPLOAD_PATHS.rollback(id), { method: 'POST', schema: uploadSchema });

export const deleteUpload = (id: number) => apiRequest(UPLOAD_PATHS.upload(id), { method: 'DELETE' });

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
  saveText((await apiRequest(UPLOAD_PATHS.rejectsCsv(id), { text: true })) as unknown as string, `rejected-rows-upload-${id}.csv`);
}
