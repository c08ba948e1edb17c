// "organization edit; receives assignable roles and orgId": the owner's user administration
//: search, sort and page the users, invite, open a user's card, read the recent history and the
// portfolio hierarchy with each book's merchants and users.
import type { ManagedUser, OrgUsersQuery, OrgUsersSortField, RoleName } from '@payportal/shared/identity';
import { useId, useMemo, useState } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { useSettledSearch } from '../../ui/useSettledSearch.ts';
import { InviteDialog } from './InviteDialog.tsx';
import * as styles from './organization.css.ts';
import { PartnerSection } from './PartnerSection.tsx';
import { PortfolioTree } from './PortfolioTree.tsx';
import { UserCard } from './UserCard.tsx';
import { UserHistory } from './UserHistory.tsx';
import { UserList } from './UserList.tsx';
import { useOrgUsers } from './useOrgUsers.ts';
import { usePortfolio } from './usePortfolio.ts';

export interface OrganizationEditProps {
  assignableRoles: readonly RoleName[];
  orgId: number;
  pageSize?: number;
}

export function OrganizationEdit({ assignableRoles, orgId, pageSize = 25 }: OrganizationEditProps) {
  const searchId = useId();
  const [sort, setSort] = useState<OrgUsersSortField>('name');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const { typed, setTyped, search } = useSettledSearch(() => setPage(1));
  const [version, setVersion] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [open, setOpen] = useState<ManagedUser | null>(null);
  const [notice, setNotice] = useState('');

  const query = useMemo<OrgUsersQuery>(
    () => ({ search, sort, direction, page, pageSize }),
    [search, sort, direction, page, pageSize],
  );
  const state = useOrgUsers(orgId, query, version);
  const portfolio = usePortfolio(orgId, version);
  const shown = state.page;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;

  const sortBy = (field: OrgUsersSortField) => {
    setDirection(field === sort && direction === 'asc' ? 'desc' : 'asc');
    setSort(field);
    setPage(1);
  };
  const changed = (user: ManagedUser) => {
    setOpen(user);
    setVersion((value) => value + 1);
  };

  return (
    <div className={styles.page}>
      <h1>Manage organization</h1>
      <div className={styles.toolbar}>
        <div>
          <label htmlFor={searchId}>Search users</label>{' '}
          <input
            id={searchId}
            type="search"
            value={typed}
            placeholder="Name or e-mail"
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </div>
        <button type="button" className={primaryButton} onClick={() => setInviting(true)}>
          Invite user
        </button>
      </div>
      <p role="status">{notice}</p>
      {state.error && (
        <p role="alert" className={styles.alert}>
          {state.error}
        </p>
      )}
      {state.loading && !shown && <p role="status">Loading users…</p>}
      {shown && (
        <>
          <UserList
            busy={state.loading}
            users={shown.users}
            sort={sort}
            direction={direction}
            onSort={sortBy}
            onOpen={setOpen}
          />
          {shown.total === 0 && <p>{search ? `No users match “${search}”.` : 'No users yet.'}</p>}
          <nav className={styles.pager} aria-label="Pages">
            <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <span>
              Page {Math.min(page, pages)} of {pages} · {shown.total} {shown.total === 1 ? 'user' : 'users'}
            </span>
            <button
              type="button"
              className={secondaryButton}
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </button>
          </nav>
        </>
      )}
      {open && (
        <div className={styles.panel}>
          <UserCard
            key={open.id}
            assignableRoles={assignableRoles}
            orgId={orgId}
            user={open}
            portfolio={portfolio.data}
            onUserChanged={changed}
            onUserDeactivated={(user) =>
              setNotice(`${user.name} was deactivated; their sessions end at the next refresh.`)
            }
          />
          <button type="button" className={secondaryButton} onClick={() => setOpen(null)}>
            Close user
          </button>
        </div>
      )}
      <div className={styles.panel}>
        <UserHistory title="Recent changes" headingLevel={2} orgId={orgId} version={version} />
      </div>
      <div className={styles.panel}>
        <PortfolioTree portfolio={portfolio.data} error={portfolio.error} />
      </div>
      <PartnerSection orgId={orgId} assignableRoles={assignableRoles} />
      {inviting && (
        <InviteDialog
          orgId={orgId}
          assignableRoles={assignableRoles}
          onInvited={() => setVersion((value) => value + 1)}
          onClose={() => setInviting(false)}
        />
      )}
    </div>
  );
}
