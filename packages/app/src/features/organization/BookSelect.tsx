// The owner chooses which book a user sees (PUT …/users/{id}/scope, README "Scoped books"): the whole
// organisation or one node of the hierarchy (sub-ISOs and agents by name with code, indented by level).
// An owner is never scoped, so for an owner the select stays disabled and says why; the API's refusal
// (an unknown node, an owner) is shown as it answers.
import type { ManagedUser, PortfolioTree } from '@payportal/shared/identity';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import * as styles from './organization.css.ts';
import { saveUserScope } from './organizationApi.ts';
import { flattenPortfolio } from './usePortfolio.ts';

const WHOLE = '';
/** Options cannot be padded: each level is indented by non-breaking spaces (few: a phone's select is narrow). */
const INDENT = '\u00a0\u00a0\u00a0';
export const OWNER_NOT_SCOPED = 'An owner sees the whole organisation and cannot be scoped to a book.';

export interface BookSelectProps {
  orgId: number;
  user: ManagedUser;
  portfolio: PortfolioTree | null;
  onSaved: (user: ManagedUser) => void;
}

export function BookSelect({ orgId, user, portfolio, onSaved }: BookSelectProps) {
  const id = useId();
  const saved = user.scope_node ?? WHOLE;
  const [choice, setChoice] = useState(saved);
  const { busy, error, run } = useAction();
  const owner = user.roles.includes('org_owner');
  const nodes = portfolio ? flattenPortfolio(portfolio.nodes) : [];
  const known = saved === WHOLE || nodes.some(({ node }) => node.code === saved);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const updated = await run(() => saveUserScope(orgId, user.id, choice === WHOLE ? null : choice));
    if (updated) onSaved(updated);
  };

  return (
    <form onSubmit={save}>
      <div className={styles.field}>
        <label htmlFor={`${id}-book`}>Book</label>
        <select
          id={`${id}-book`}
          aria-describedby={owner ? `${id}-book-hint` : undefined}
          value={choice}
          disabled={owner || !portfolio}
          onChange={(event) => setChoice(event.currentTarget.value)}
        >
          <option value={WHOLE}>Whole organisation</option>
          {nodes.map(({ node, level }) => (
            <option key={node.code} value={node.code}>
              {`${INDENT.repeat(level)}${node.name} (${node.code})`}
            </option>
          ))}
          {!known && <option value={saved}>{`${saved} (no longer in the hierarchy)`}</option>}
        </select>
        {owner && <small id={`${id}-book-hint`}>{OWNER_NOT_SCOPED}</small>}
      </div>
      {!owner && (
        <button type="submit" className={primaryButton} disabled={busy || !portfolio || choice === saved}>
          Save book
        </button>
      )}
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
    </form>
  );
}
