// Header: the logo (not when framed; hides the whole header in a frame), the
// query-role buttons and the dropdown, or, for users without the query role, Sign out beside a dropdown
// of the screens their roles open.
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { session } from '../session/index.ts';
import * as styles from './Header.css.ts';
import { Logo } from './Logo.tsx';
import { menuItemsFor } from './menuItemsFor.ts';
import { UserMenu } from './UserMenu.tsx';
import { useShownAfterNavigation } from './useShownAfterNavigation.ts';

export function Header() {
  const { current, framed } = useSnapshot(session);
  const [, navigate] = useLocation();
  const menuShown = useShownAfterNavigation();
  if (framed) return null;

  const signedIn = current.status === 'signedIn' ? current : null;
  const signOut = () => navigate(paths.auth({ logout: true }));

  return (
    <header className={styles.header}>
      <Link href={paths.home()} className={styles.logoLink} aria-label="PayPortal home">
        <Logo className={styles.logo} />
      </Link>
      {signedIn?.flags.isQuery && (
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.navList}>
            <li>
              <Link href={paths.csvNew()} className={secondaryButton}>
                Query Builder
              </Link>
            </li>
            <li>
              <Link href={paths.dashboards()} className={secondaryButton}>
                Dashboards
              </Link>
            </li>
            <li>
              <Link href={paths.merchantLevel()} className={secondaryButton}>
                Merchant-Level
              </Link>
            </li>
          </ul>
          {menuShown && (
            <UserMenu
              name={signedIn.user.name}
              links={menuItemsFor(signedIn.flags, signedIn.scoped)}
              onSignOut={signOut}
            />
          )}
        </nav>
      )}
      {signedIn && !signedIn.flags.isQuery && (
        // the Sign out, beside the menu of the screens this user's roles open (home and documents at least).
        <nav aria-label="Main" className={styles.nav}>
          {menuShown && (
            <UserMenu
              name={signedIn.user.name}
              links={menuItemsFor(signedIn.flags, signedIn.scoped)}
              onSignOut={signOut}
            />
          )}
          <button type="button" className={primaryButton} onClick={signOut}>
            Sign out
          </button>
        </nav>
      )}
    </header>
  );
}
