// Save (create or replace) and delete a saved export. The body is checked with the
// shared schema first, so the name's problem is shown beside the name instead of coming back as a 400.
import { exportDefinitionBodySchema, type ExportDefinition } from '@payportal/shared/exports';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useAction } from '../../ui/useAction.ts';
import type { BuilderShape } from './builderShape.ts';
import { deleteDefinition, saveDefinition } from './exportsApi.ts';
import { handOver } from './screenHandOff.ts';

export function useDefinitionActions(
  definition: ExportDefinition | null,
  onSaved: (definition: ExportDefinition) => void,
) {
  const [, navigate] = useLocation();
  const { pending, error, setError, run } = useAction<'save' | 'delete'>();
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const save = (shape: BuilderShape) => {
    if (!shape.query) {
      setError('Choose attributes or metrics before saving.');
      return;
    }
    const parsed = exportDefinitionBodySchema.safeParse(shape);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.path[0] === 'name') setNameError(`The name ${issue.message}.`);
      else setError(`The export cannot be saved: ${issue.path.join('.')} ${issue.message}.`);
      return;
    }
    setNameError(null);
    setNotice('');
    return run(
      async () => {
        const saved = await saveDefinition(parsed.data, definition?.id);
        if (definition) {
          onSaved(saved);
          setNotice(`Saved “${saved.name}”.`);
        } else {
          handOver({ definitionId: saved.id, definition: saved, notice: `Saved “${saved.name}”.` });
          navigate(paths.csvEdit(String(saved.id)), { replace: true });
        }
      },
      { tag: 'save', failure: 'The export could not be saved. Please try again.' },
    );
  };

  const remove = () =>
    definition &&
    run(
      async () => {
        await deleteDefinition(definition.id);
        handOver({ definitionId: null, definition: null, notice: `Deleted “${definition.name}”.` });
        navigate(paths.csvNew(), { replace: true });
      },
      { tag: 'delete', failure: 'The export could not be deleted. Please try again.' },
    );

  return { pending, error, nameError, notice, save, remove };
}
