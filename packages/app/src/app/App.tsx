import { lazy, Suspense } from 'react';
import { AppShell } from './AppShell.tsx';

// Framed, the embed layer (issue #6) establishes the framed session and then renders <AppShell />. It
// loads only when framed (comlink and the protocol's schemas stay off the standalone pages: bench:app).
const FramedSession = lazy(() => import('../features/embedding/FramedSession.tsx').then((module) => ({ default: module.FramedSession })));

export function App({ framed }: { framed: boolean }) {
  return framed ? (
    <Suspense fallback={null}>
      <FramedSession>
        <AppShell />
      </FramedSession>
    </Suspense>
  ) : (
    <AppShell />
  );
}
