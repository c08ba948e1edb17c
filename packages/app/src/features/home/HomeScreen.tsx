// The home screen describes the product; a demo organisation sees the demo banner.
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { session } from '../session/index.ts';
import { DemoBanner } from './DemoBanner.tsx';
import { homeLinksFor } from './homeLinksFor.ts';
import * as styles from './HomeScreen.css.ts';

export function HomeScreen({ isDemoOrg }: { isDemoOrg: boolean }) {
  const { current } = useSnapshot(session);
  const links = current.status === 'signedIn' ? homeLinksFor(current.flags, current.scoped) : [];
  return (
    <>
      {isDemoOrg && <DemoBanner />}
      <h1>Welcome to PayPortal</h1>
      <p className={styles.tagline}>The big data solution for the modern acquirer.</p>
      <ul className={styles.cards} aria-label="Your features">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={styles.card}>
              <span className={styles.cardTitle}>{link.title}</span>
              {link.description}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
