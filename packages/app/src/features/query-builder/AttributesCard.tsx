// The CSV attributes card: the dimensions that become the export's columns, one row per
// combination of their values. The date is chosen in the date field, so it is not listed here.
import { QUERY_DIMENSIONS_MAX, type CatalogueResponse, type DimensionId } from '@payportal/shared/analytics';
import { useSnapshot } from 'valtio';
import { builder, toggleDimension } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';

export function AttributesCard({
  dimensions,
  disabled,
}: {
  dimensions: CatalogueResponse['dimensions'];
  disabled?: boolean;
}) {
  const { dimensions: chosen } = useSnapshot(builder);
  const full = chosen.length >= QUERY_DIMENSIONS_MAX;
  return (
    <section className={styles.card}>
      <fieldset className={styles.fieldset} disabled={disabled} aria-describedby={full ? 'attributes-full' : undefined}>
        <legend className={styles.legend}>Attributes</legend>
        <ul className={styles.checkList}>
          {dimensions
            .filter((dimension) => dimension.id !== 'date')
            .map((dimension) => {
              const on = chosen.includes(dimension.id as DimensionId);
              return (
                <li key={dimension.id}>
                  <label className={styles.check} title={dimension.description}>
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={disabled || (!on && full)}
                      onChange={(event) => toggleDimension(dimension.id as DimensionId, event.currentTarget.checked)}
                    />
                    {dimension.label}
                  </label>
                </li>
              );
            })}
        </ul>
        {full && (
          <p id="attributes-full" className={styles.hint}>
            An export holds at most {QUERY_DIMENSIONS_MAX} attributes.
          </p>
        )}
      </fieldset>
    </section>
  );
}
