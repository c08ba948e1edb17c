import { Suspense } from 'react';
import { AppShell } from './AppShell.tsx';
import { lazyScreen } from './lazyScreen.ts';

// Framed, the embed layer establishes the framed session and then renders <AppShell />. It
// loads only when framed (comlink and the protocol's schemas stay off the standalone pages: bench:app);
// main.tsx preloads it before the first draw, so the hello to the host is not held back (lazyScreen.ts).
export const FramedSession = lazyScreen(() =>
  import('../features/embedding/FramedSession.tsx').then((module) => module.FramedSession),
);

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
