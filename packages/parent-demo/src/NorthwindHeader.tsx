// The partner's own header: its brand, its navigation (PayPortal is one page of it: Analytics), the
// signed-in account and the switch of the message-log drawer.
export interface HeaderAccount {
  email: string;
  role: string;
}

interface NorthwindHeaderProps {
  two: boolean;
  account: HeaderAccount | null;
  onSignOut: () => void;
  logOpen: boolean;
  /** Absent on /two, where each portal shows its log below it. */
  onToggleLog?: () => void;
}

export function NorthwindHeader({ two, account, onSignOut, logOpen, onToggleLog }: NorthwindHeaderProps) {
  return (
    <header class="nw-header">
      <a class="nw-brand" href="/">
        <span class="nw-mark" aria-hidden="true">
          N
        </span>
        Northwind <span class="nw-brand-sub">Partner Portal</span>
      </a>
      <nav aria-label="Northwind" class="nw-nav">
        <span class="nw-nav-item" aria-disabled="true" title="Not part of this demo">
          Merchants
        </span>
        <span class="nw-nav-item" aria-disabled="true" title="Not part of this demo">
          Settlements
        </span>
        <a class="nw-nav-item" href="/" aria-current={two ? undefined : 'page'}>
          Analytics
        </a>
        <a class="nw-nav-item" href="/two" aria-current={two ? 'page' : undefined}>
          Side by side
        </a>
      </nav>
      {account && (
        <div class="nw-account">
          {onToggleLog && (
            <button
              type="button"
              class="nw-button nw-button--ghost"
              aria-expanded={logOpen}
              aria-controls="nw-drawer"
              onClick={onToggleLog}
            >
              Message log
            </button>
          )}
          <p class="nw-who">
            <span class="nw-who-email">{account.email}</span>
            <span class="nw-who-role">{account.role}</span>
          </p>
          <button type="button" class="nw-button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      )}
    </header>
  );
}
