// A saved CSV export: a named query description and file options, kept per
// organisation. Everyone in the organisation with the query role reads and runs it; its owner or an
// org owner changes or deletes it (`can_edit` tells the screen which, for this caller).
import { z } from 'zod';
import { idSchema } from '../identity/domain.ts';
import { queryDescriptionSchema } from '../analytics/queryDescription.ts';
import { csvOptionsSchema } from './csvOptions.ts';

export const EXPORT_NAME_MAX = 120;
export const EXPORT_DESCRIPTION_MAX = 2000;

// eslint-disable-next-line no-control-regex -- control characters are what it refuses (PostgreSQL text cannot hold NUL)
const NO_CONTROL = /^[^\u0000-\u0008\u000b-\u001f\u007f]*$/;

export const exportNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(EXPORT_NAME_MAX, { error: `must be at most ${EXPORT_NAME_MAX} characters` })
  .regex(/^[^\n\r\t]*$/, { error: 'must be one line' })
  .regex(NO_CONTROL, { error: 'must not contain control characters' });

export const exportDescriptionSchema = z
  .string()
  .trim()
  .max(EXPORT_DESCRIPTION_MAX, { error: `must be at most ${EXPORT_DESCRIPTION_MAX} characters` })
  .regex(NO_CONTROL, { error: 'must not contain control characters' });

export const definitionParamsSchema = z.object({ definitionId: idSchema });

/** POST definitions/ and PUT definitions/{id} (a PUT replaces every field). */
export const exportDefinitionBodySchema = z.strictObject({
  name: exportNameSchema,
  description: exportDescriptionSchema.default(''),
  query: queryDescriptionSchema,
  csv: csvOptionsSchema.default(csvOptionsSchema.parse({})),
});
export type ExportDefinitionBody = z.output<typeof exportDefinitionBodySchema>;
export type ExportDefinitionBodyInput = z.input<typeof exportDefinitionBodySchema>;

export const exportDefinitionSchema = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string(),
  description: z.string(),
  query: queryDescriptionSchema,
  csv: csvOptionsSchema,
  /** ISO 8601 instants. */
  created_at: z.string(),
  updated_at: z.string(),
  /** True when this caller may change or delete it (its owner, or an org owner of the organisation). */
  can_edit: z.boolean(),
});
export type ExportDefinition = z.infer<typeof exportDefinitionSchema>;

/** GET definitions/?search=&mine=: newest change first. */
export const definitionListQuerySchema = z.strictObject({
  /** Matched against name and description, any letter case. */
  search: z.string().trim().max(120).regex(NO_CONTROL, { error: 'must not contain control characters' }).default(''),
  /** Only the caller's own definitions. */
  mine: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type DefinitionListQuery = z.output<typeof definitionListQuerySchema>;

export const definitionListSchema = z.object({
  definitions: z.array(exportDefinitionSchema),
  /** How many match in all (the list holds at most `limit`). */
  total: z.number().int().min(0),
});
export type DefinitionList = z.infer<typeof definitionListSchema>;
