// The organisation's users, one server-side page at a time: sortable columns announce their
// order (aria-sort); a name opens that user's card.
import type { ManagedUser, OrgUsersSortField } from '@payportal/shared/identity';
import { ROLE_LABELS } from './roleLabels.ts';
import * as styles from './organization.css.ts';

export interface UserListProps {
  users: readonly ManagedUser[];
  /** A newer page is on its way. */
  busy: boolean;
  sort: OrgUsersSortField;
  direction: 'asc' | 'desc';
  onSort: (field: OrgUsersSortField) => void;
  onOpen: (user: ManagedUser) => void;
}

const columns: { field: OrgUsersSortField | null; label: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'email', label: 'E-mail' },
  { field: null, label: 'Roles' },
  { field: 'is_active', label: 'Status' },
  { field: 'last_sign_in', label: 'Last sign-in' },
  { field: null, label: 'Second factor' },
];

export function UserList({ users, busy, sort, direction, onSort, onOpen }: UserListProps) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table} aria-busy={busy}>
        <caption className={styles.visuallyHidden}>Users of the organization</caption>
        <thead>
          <tr>
            {columns.map(({ field, label }) => (
              <th
                key={label}
                scope="col"
                aria-sort={field && field === sort ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {field ? (
                  <button type="button" className={styles.linkButton} onClick={() => onSort(field)}>
                    {label}
                    {field === sort ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                ) : (
                  label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <button type="button" className={styles.linkButton} onClick={() => onOpen(user)}>
                  {user.name}
                </button>
              </td>
              <td>{user.email}</td>
              <td>{user.roles.length > 0 ? user.roles.map((role) => ROLE_LABELS[role]).join(', ') : 'No roles'}</td>
              <td>{!user.is_active ? 'Deactivated' : user.signed_up ? 'Active' : 'Invited'}</td>
              <td>
                {user.last_sign_in ? (
                  <time dateTime={user.last_sign_in}>{new Date(user.last_sign_in).toLocaleString()}</time>
                ) : (
                  'Never'
                )}
              </td>
              <td>{user.second_factor_enrolled ? 'Enrolled' : 'Not enrolled'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
