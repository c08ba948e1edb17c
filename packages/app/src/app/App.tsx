import { FramedSession } from '../features/embedding/FramedSession.tsx';
import { AppShell } from './AppShell.tsx';

// Framed, the embed layer (issue #6) establishes the framed session and then renders <AppShell />.
export function App({ framed }: { framed: boolean }) {
  return framed ? (
    <FramedSession>
      <AppShell />
    </FramedSession>
  ) : (
    <AppShell />
  );
}
