import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { portalConfig } from './lib/config.ts';
import { isFramed } from './lib/framed.ts';
import { setFramed, setSignedOut } from './features/session/sessionStore.ts';
import './theme/global.css.ts';

portalConfig(); // fail at start, visibly, when the server sent no configuration
const framed = isFramed();
setFramed(framed);
// Until the standalone session starts from Firebase (issue #4), a standalone visitor is signed out.
if (!framed) setSignedOut();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App framed={framed} />
  </StrictMode>,
);
