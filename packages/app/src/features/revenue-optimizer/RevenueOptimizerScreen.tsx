// spec §2 /revenue-optimizer, §7 contactSales. The repricing simulation itself is a later feature; what
// an embedded user can do today is ask sales to harmonize their data, which the simulation runs on.
import { useSnapshot } from 'valtio';
import { contactSales } from '../../lib/contactSales.ts';
import { primaryButton } from '../../ui/button.css.ts';
import { NotAvailableScreen } from '../../ui/NotAvailableScreen.tsx';
import { session } from '../session/sessionStore.ts';

export function RevenueOptimizerScreen() {
  const { framed } = useSnapshot(session);
  return (
    <NotAvailableScreen feature="Revenue Optimizer">
      <p>Repricing simulations run on your portfolio once its data is harmonized with PayPortal’s. Our sales team sets that up with you.</p>
      <p>
        <button type="button" className={primaryButton} onClick={() => contactSales(framed)}>
          Contact sales about data harmonization
        </button>
      </p>
    </NotAvailableScreen>
  );
}
