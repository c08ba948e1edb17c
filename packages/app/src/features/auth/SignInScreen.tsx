// Foundation only: the sign-in flows arrive with issue #4. This screen says so rather than pretending.
export function SignInScreen() {
  return (
    <main>
      <h1>Sign in to PayPortal</h1>
      <p>Standalone sign-in is not available yet.</p>
    </main>
  );
}
