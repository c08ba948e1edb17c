// What a saved export holds of the builder (name, description, query, file options), in one comparable
// shape: the screen tells unsaved changes by comparing the builder's shape with the saved one's.
import type { QueryDescriptionInput } from '@payportal/shared/analytics';
import type { ExportDefinition } from '@payportal/shared/exports';
import type { Snapshot } from 'valtio';
import type { BuilderState } from './builderStore.ts';
import { fromQueryDescription, toQueryDescription } from './toQueryDescription.ts';

export interface BuilderShape {
  name: string;
  description: string;
  query: QueryDescriptionInput | null;
  csv: BuilderState['csv'];
}

export function shapeOf(state: Snapshot<BuilderState>): BuilderShape {
  return {
    name: state.name.trim(),
    description: state.description.trim(),
    query: toQueryDescription(state),
    csv: { ...state.csv },
  };
}

/** The saved definition read back through the builder, so both sides are normalised alike. */
export function savedShapeOf(definition: ExportDefinition): BuilderShape {
  return shapeOf(fromQueryDescription(definition.query, definition).state);
}

export const sameShape = (left: BuilderShape, right: BuilderShape) => JSON.stringify(left) === JSON.stringify(right);
