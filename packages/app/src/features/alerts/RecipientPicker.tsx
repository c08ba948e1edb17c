// Members of the organisation as checkboxes: only they can receive its mail (the API checks it too).
import type { Recipient } from '@payportal/shared/alerts';
import * as styles from './alerts.css.ts';

export function RecipientPicker({
  members,
  chosen,
  onChange,
  disabled,
}: {
  members: readonly Recipient[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className={styles.recipients} disabled={disabled}>
      <legend>Recipients</legend>
      {members.map((member) => (
        <label key={member.id}>
          <input
            type="checkbox"
            checked={chosen.includes(member.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, member.id] : chosen.filter((id) => id !== member.id))
            }
          />
          {member.name} ({member.email})
        </label>
      ))}
    </fieldset>
  );
}
