// Saved, named repricing scenarios, kept in PostgreSQL per organisation.
import { z } from 'zod';
import { segmentOptionsSchema } from './optimizerSegment.ts';
import { scenarioDefinitionSchema } from './repricing.ts';

export const scenarioBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the scenario a name.').max(120),
  definition: scenarioDefinitionSchema,
});
export type ScenarioBody = z.output<typeof scenarioBodySchema>;
export type ScenarioBodyInput = z.input<typeof scenarioBodySchema>;

export const savedScenarioSchema = z.object({
  id: z.number(),
  name: z.string(),
  definition: scenarioDefinitionSchema,
  owner: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
});
export type SavedScenario = z.infer<typeof savedScenarioSchema>;

export const scenarioListSchema = z.object({ scenarios: z.array(savedScenarioSchema) });
export const scenarioParamsSchema = z.strictObject({
  scenarioId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const optimizerDefaultsSchema = z.object({
  attrition: z.array(z.object({ sizeTier: z.string(), baseHazard: z.number(), beta: z.number() })),
  sources: z.array(z.string()),
  segmentOptions: segmentOptionsSchema,
});
export type OptimizerDefaults = z.infer<typeof optimizerDefaultsSchema>;
