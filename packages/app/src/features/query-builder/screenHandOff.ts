// Saving a new export moves to /csv/{id}/edit, and deleting one to /csv/new: the router mounts a new
// screen for the other route. What the old screen knew (the saved definition, with the builder as it
// stands, and the message for the person) is handed over here, so the new one neither loads it again
// nor flashes an empty builder, and "Saved." is still said.
import type { ExportDefinition } from '@payportal/shared/exports';

export interface HandOff {
  /** The screen it is for: the definition's id, or null for /csv/new. */
  definitionId: number | null;
  definition: ExportDefinition | null;
  notice: string;
}

let pending: HandOff | null = null;

export function handOver(handOff: HandOff): void {
  pending = handOff;
}

/**
 * The hand-off for this screen, if any. Reading does not consume it (StrictMode runs a state
 * initialiser twice); the screen calls `dropHandOff` once mounted.
 */
export function peekHandOff(definitionId: number | null): HandOff | null {
  return pending?.definitionId === definitionId ? pending : null;
}

export function dropHandOff(): void {
  pending = null;
}
