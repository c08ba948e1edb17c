// The frame every screen lives in: the organisation's theme, the header and the routed screen. An
// organisation prefix (`/acme/…`) becomes the router's base, so every link and redirect keeps it.
import { Suspense } from 'react';
import { Router, useLocation } from 'wouter';
import { Header } from '../features/shell/Header.tsx';
import { ThemeRoot } from '../theme/ThemeRoot.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { content } from './AppShell.css.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { orgPrefixOf } from './orgPrefixOf.ts';

export function AppShell() {
  const [location] = useLocation();
  const org = orgPrefixOf(location);
  const shell = (
    <ThemeRoot org={org}>
      <Header />
      <main id="main" className={content}>
        <Suspense fallback={<LoadingScreen />}>
          <AppRoutes />
        </Suspense>
      </main>
    </ThemeRoot>
  );
  return org ? <Router base={`/${org}`}>{shell}</Router> : shell;
}
