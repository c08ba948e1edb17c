// The CSV compound field: a parent search and a child search (industry group → industry,
// region → state). With exactly one parent chosen, the child's options are that parent's; the rows
// must match a chosen value of each search that has any.
import { useSnapshot } from 'valtio';
import { addSelection, builder, removeSelection, type CompoundMember } from './builderStore.ts';
import * as styles from './queryBuilder.css.ts';
import { ValueSearch } from './ValueSearch.tsx';

export interface CompoundFieldProps {
  legend: string;
  parent: { member: CompoundMember; label: string };
  child: { member: CompoundMember; label: string };
  disabled?: boolean;
}

export function CompoundField({ legend, parent, child, disabled }: CompoundFieldProps) {
  const { selections } = useSnapshot(builder);
  const parents = selections[parent.member];
  const onlyParent = parents.length === 1 ? parents[0]!.value : undefined;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>{legend}</legend>
      {[
        { ...parent, narrowTo: undefined },
        { ...child, narrowTo: onlyParent },
      ].map(({ member, label, narrowTo }) => (
        <ValueSearch
          key={member}
          dimension={member}
          label={label}
          parent={narrowTo}
          selected={selections[member]}
          onPick={(selection) => addSelection(member, selection)}
          onRemove={(value) => removeSelection(member, value)}
          disabled={disabled}
        />
      ))}
    </fieldset>
  );
}
