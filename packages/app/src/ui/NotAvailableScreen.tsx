// For routes whose feature has not shipped: says so plainly instead of pretending (issue #5).
export function NotAvailableScreen({ feature }: { feature: string }) {
  return (
    <>
      <h1>{feature}</h1>
      <p>This feature is not available yet.</p>
    </>
  );
}
