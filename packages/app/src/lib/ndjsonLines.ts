// An NDJSON answer's lines as they arrive (the query batch, the merchant page's sections), each checked
// with the shared schema: a line the schema refuses fails the whole answer as unreadable.
import type { z } from 'zod';
import { ApiError } from './apiClient.ts';

export async function* ndjsonLines<Schema extends z.ZodType>(
  response: Response,
  schema: Schema,
): AsyncGenerator<z.output<Schema>> {
  const parse = (text: string) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ApiError(response.status, 'bad-response', 'The portal sent an answer this page could not read.');
    return parsed.data;
  };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) yield parse(line);
  }
  if (pending.trim()) yield parse(pending);
}
