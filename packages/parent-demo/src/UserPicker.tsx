import { useState } from 'preact/hooks';
import type { ViewedUser } from './PortalView.tsx';

/** A few seeded portal users (packages/api/src/seed/demoAccounts.ts); any address can be typed. */
const SEEDED = [
  ['partner@acme.example', 'Paula Partner'],
  ['owner@acme.example', 'Olivia Owner'],
  ['newcomer@demo-payments.example', 'Nia Newcomer'],
  ['optimizer@acme.example', 'Otto Optimizer'],
  ['uploader@acme.example', 'Uma Uploader'],
  ['demo@demo-payments.example', 'Dana Demo'],
] as const;

/** Support staff pick whose portal to view; the frame switches without reloading. */
export function UserPicker({ viewed, onPick }: { viewed: ViewedUser; onPick: (user: ViewedUser) => void }) {
  const [email, setEmail] = useState(viewed.email);
  const name = SEEDED.find(([address]) => address === email)?.[1] ?? email;
  return (
    <form
      class="nw-card nw-toolbar"
      aria-label="Impersonation"
      onSubmit={(event) => {
        event.preventDefault();
        onPick({ email, name, impersonation: true });
      }}
    >
      <span class="nw-toolbar-title">Support view</span>
      <label class="nw-field nw-field--inline">
        View the portal of{' '}
        <input
          type="email"
          list="seeded-users"
          required
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
        />
      </label>
      <datalist id="seeded-users">
        {SEEDED.map(([address, person]) => (
          <option key={address} value={address}>
            {person}
          </option>
        ))}
      </datalist>
      <button type="submit" class="nw-button nw-button--primary">
        Impersonate
      </button>
    </form>
  );
}
