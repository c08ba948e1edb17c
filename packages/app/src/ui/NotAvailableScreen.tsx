import type { ReactNode } from 'react';

// For routes whose feature has not shipped: says so plainly instead of pretending (issue #5), with
// whatever the user can already do about it (`children`).
export function NotAvailableScreen({ feature, children }: { feature: string; children?: ReactNode }) {
  return (
    <>
      <h1>{feature}</h1>
      <p>This feature is not available yet.</p>
      {children}
    </>
  );
}
