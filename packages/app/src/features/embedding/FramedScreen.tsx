// Foundation only: the framed session (handshake with the partner portal) arrives with issue #6.
export function FramedScreen() {
  return (
    <main>
      <h1>PayPortal</h1>
      <p role="status">Waiting for the partner portal…</p>
    </main>
  );
}
