import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { portalConfig } from './lib/config.ts';
import { isFramed } from './lib/framed.ts';
import { deferSessionStart } from './features/session/sessionStart.ts';
import { setFramed } from './features/session/sessionStore.ts';
import './theme/global.css.ts';

portalConfig(); // fail at start, visibly, when the server sent no configuration
const framed = isFramed();
setFramed(framed);
// Standalone only (DESIGN.md §4): a framed app never signs in with Firebase, so it never loads it.
// It starts once the first route asks for it (features/session/sessionStart.ts): at once on a guarded
// route, after the screen is drawn on an open one such as /auth.
if (!framed) deferSessionStart(() => void import('./features/session/standaloneSession.ts').then((module) => module.startStandaloneSession()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App framed={framed} />
  </StrictMode>,
);
