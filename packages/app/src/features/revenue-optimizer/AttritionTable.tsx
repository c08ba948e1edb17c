// The attrition model's two tables, editable per scenario: the base annual hazard and
// β (added hazard per bps of rise) by size tier. Defaults and their sources come from the API.
import type { SizeTier } from '@payportal/shared/optimizer';
import { useSnapshot } from 'valtio';
import * as css from './optimizer.css.ts';
import { GridScroll } from '../../ui/GridScroll.tsx';
import { setAttrition, simulator } from './simulatorStore.ts';

export function AttritionTable({ sources }: { sources: readonly string[] }) {
  const { definition } = useSnapshot(simulator);
  return (
    <section className={css.card} aria-labelledby="attrition-model">
      <h2 id="attrition-model" className={css.cardTitle}>
        Attrition model
      </h2>
      <p className={css.hint}>Annual hazard = base + β × rise in effective rate (bps).</p>
      <GridScroll label="Attrition model, scrollable">
        <table className={css.table}>
          <thead>
            <tr>
              <th>Size tier</th>
              <th className={css.numeric}>Base, % a year</th>
              <th className={css.numeric}>β, %/bps</th>
            </tr>
          </thead>
          <tbody>
            {definition.attrition.map((row) => (
              <tr key={row.sizeTier}>
                <td>{row.sizeTier}</td>
                <td className={css.numeric}>
                  <input
                    className={css.numberInput}
                    type="number"
                    min={0}
                    max={100}
                    step={0.1}
                    aria-label={`Base hazard, ${row.sizeTier}`}
                    value={Number((row.baseHazard * 100).toFixed(2))}
                    onChange={(event) =>
                      setAttrition(row.sizeTier as SizeTier, 'baseHazard', Number(event.target.value) / 100)
                    }
                  />
                </td>
                <td className={css.numeric}>
                  <input
                    className={css.numberInput}
                    type="number"
                    min={0}
                    max={10}
                    step={0.01}
                    aria-label={`β, ${row.sizeTier}`}
                    value={Number((row.beta * 100).toFixed(3))}
                    onChange={(event) =>
                      setAttrition(row.sizeTier as SizeTier, 'beta', Number(event.target.value) / 100)
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </GridScroll>
      <ul className={css.plainList}>
        {sources.map((source) => (
          <li key={source} className={css.hint}>
            {source}
          </li>
        ))}
      </ul>
    </section>
  );
}
