import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, FramedSession } from './app/App.tsx';
import { preloadFirstScreen } from './app/firstScreen.ts';
import { portalConfig } from './lib/config.ts';
import { isFramed } from './lib/framed.ts';
import { standaloneRedirectTarget } from './lib/standaloneRedirect.ts';
import { deferSessionStart } from './features/session/sessionStart.ts';
import { setFramed, setSignedOut } from './features/session/sessionStore.ts';
import './theme/global.css.ts';

const config = portalConfig(); // fail at start, visibly, when the server sent no configuration
const framed = isFramed();
// a non-production deployment sends standalone visitors to the sandbox or production portal.
const redirect = framed ? null : standaloneRedirectTarget(config, location);
if (redirect) {
  location.replace(redirect);
} else {
  setFramed(framed);
  // Standalone only: a framed app never signs in with Firebase, so it never loads it.
  // It starts once the first route asks for it (features/session/sessionStart.ts): at once on a guarded
  // route, after the screen is drawn on an open one such as /auth.
  // A failed fetch of the SDK ends as signed out: /auth, which waits for the session when an identity is
  // persisted, then shows its form instead of "Loading…" for ever.
  if (!framed)
    deferSessionStart(
      () =>
        void import('./features/session/standaloneSession.ts').then(
          (module) => module.startStandaloneSession(),
          () => setSignedOut(),
        ),
    );

  const draw = () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App framed={framed} />
      </StrictMode>,
    );
  void Promise.all([
    preloadFirstScreen(location.pathname),
    framed && FramedSession.preload().catch(() => undefined),
  ]).then(draw);
}
