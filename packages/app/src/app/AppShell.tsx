// The frame every screen lives in: the organisation's theme, the header, the scoped user's book and the
// routed screen. An organisation prefix (`/acme/…`) becomes the router's base, so every link and
// redirect keeps it.
import { Suspense, type MouseEvent } from 'react';
import { Router, useLocation } from 'wouter';
import { BookBanner } from '../features/shell/BookBanner.tsx';
import { Header } from '../features/shell/Header.tsx';
import { ThemeRoot } from '../theme/ThemeRoot.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { content, skipLink } from './AppShell.css.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { orgPrefixOf } from './orgPrefixOf.ts';

// The router must not treat #main as a route: move focus to the content and stay on the page.
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

export function AppShell() {
  const [location] = useLocation();
  const org = orgPrefixOf(location);
  const shell = (
    <ThemeRoot org={org}>
      <a href="#main" className={skipLink} onClick={skipToContent}>
        Skip to content
      </a>
      <Header />
      <BookBanner />
      <main id="main" tabIndex={-1} className={content}>
        <Suspense fallback={<LoadingScreen />}>
          <AppRoutes />
        </Suspense>
      </main>
    </ThemeRoot>
  );
  return org ? <Router base={`/${org}`}>{shell}</Router> : shell;
}
