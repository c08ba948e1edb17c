// Saved scenarios: save the one on screen under a name, open one, tick two or more
// to compare them side by side, export a scenario's affected merchants, delete one. Support staff
// without support_write see the list but cannot save or delete (the API refuses; the page says why).
import type { SavedScenario, ScenarioDefinition } from '@payportal/shared/optimizer';
import { useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { ScenarioComparison } from './ScenarioComparison.tsx';
import { deleteScenario, downloadAffectedMerchants, fetchScenarios, saveScenario } from './optimizerApi.ts';
import * as css from './optimizer.css.ts';
import { loadDefinition, simulator } from './simulatorStore.ts';

export const READ_ONLY_REASON =
  'You are viewing this portal in read-only support mode: scenarios can be simulated and compared, but saving or deleting one needs the support_write permission.';

export function ScenarioLibrary({ canSave }: { canSave: boolean }) {
  const [name, setName] = useState('');
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const list = useDebouncedRequest(`scenarios:${version}`, (signal) => fetchScenarios(signal), {
    delayMs: 0,
    failure: 'Saved scenarios could not be loaded.',
  });
  const scenarios: SavedScenario[] = list.data?.scenarios ?? [];

  const save = async () => {
    try {
      // A plain copy: the store's object is a valtio proxy.
      const saved = await saveScenario({
        name,
        definition: JSON.parse(JSON.stringify(simulator.definition)) as ScenarioDefinition,
      });
      setMessage({ text: `Saved “${saved.name}”.`, error: false });
      setName('');
      setVersion((value) => value + 1);
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : 'The scenario could not be saved.', error: true });
    }
  };
  const remove = async (scenario: SavedScenario) => {
    try {
      await deleteScenario(scenario.id);
      setMessage({ text: `Deleted “${scenario.name}”.`, error: false });
      setChosen((old) => old.filter((id) => id !== scenario.id));
      setVersion((value) => value + 1);
    } catch (error) {
      setMessage({
        text: error instanceof ApiError ? error.message : 'The scenario could not be deleted.',
        error: true,
      });
    }
  };
  const exportMerchants = (scenario: SavedScenario) =>
    downloadAffectedMerchants(scenario.id, scenario.name).catch((error: unknown) =>
      setMessage({ text: error instanceof ApiError ? error.message : 'The export failed.', error: true }),
    );

  return (
    <section className={css.card} aria-labelledby="saved-scenarios">
      <h2 id="saved-scenarios" className={css.cardTitle}>
        Saved scenarios
      </h2>
      {!canSave && (
        <p className={css.note} role="note">
          {READ_ONLY_REASON}
        </p>
      )}
      <form
        className={css.actions}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className={css.field} style={{ flex: '1 1 12rem', marginBottom: 0 }}>
          <span className={css.label}>Scenario name</span>
          <input
            className={css.control}
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            disabled={!canSave}
          />
        </label>
        <button type="submit" className={primaryButton} disabled={!canSave || name.trim() === ''}>
          Save scenario
        </button>
      </form>
      <p role="status" className={message?.error ? css.alert : css.hint}>
        {message?.text ?? ''}
      </p>
      {list.error && (
        <p className={css.alert} role="alert">
          {list.error}
        </p>
      )}
      <p className={css.hint}>Tick two or more to compare them side by side.</p>
      <ul className={css.plainList} aria-label="Scenarios">
        {scenarios.map((scenario) => (
          <li key={scenario.id} className={css.scenarioRow}>
            <label className={css.check}>
              <input
                type="checkbox"
                aria-label={`Compare ${scenario.name}`}
                checked={chosen.includes(scenario.id)}
                onChange={(event) =>
                  setChosen((old) =>
                    event.target.checked ? [...old, scenario.id] : old.filter((id) => id !== scenario.id),
                  )
                }
              />
              <strong>{scenario.name}</strong>
            </label>
            <span className={css.smallButtons}>
              <button
                type="button"
                className={secondaryButton}
                aria-label={`Open ${scenario.name}`}
                onClick={() => loadDefinition(scenario.definition)}
              >
                Open
              </button>
              <button
                type="button"
                className={secondaryButton}
                aria-label={`Export merchants of ${scenario.name}`}
                onClick={() => void exportMerchants(scenario)}
              >
                Export merchants
              </button>
              <button
                type="button"
                className={secondaryButton}
                aria-label={`Delete ${scenario.name}`}
                disabled={!canSave}
                onClick={() => void remove(scenario)}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      {scenarios.length === 0 && list.status === 'ready' && <p className={css.hint}>No saved scenario yet.</p>}
      <ScenarioComparison scenarios={scenarios.filter((scenario) => chosen.includes(scenario.id))} />
    </section>
  );
}
