// Shown while the session starts or a lazily loaded screen arrives.
export function LoadingScreen() {
  return (
    <p role="status" aria-live="polite">
      Loading…
    </p>
  );
}
