// /revenue-optimizer: the merchant P&L, the repricing simulator, interchange leakage
// and regulatory what-ifs, framed in partner portals for their pricing people. The contact-sales path
// stays: harmonizing a partner's own data is what sales sets up.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { contactSales } from '../../lib/contactSales.ts';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { session } from '../session/index.ts';
import { LeakagePanel } from './LeakagePanel.tsx';
import { PnlPanel } from './PnlPanel.tsx';
import { RegulatoryPanel } from './RegulatoryPanel.tsx';
import { SimulatorPanel } from './SimulatorPanel.tsx';
import { fetchDefaults } from './optimizerApi.ts';
import * as css from './optimizer.css.ts';

const TABS = [
  ['pnl', 'Merchant P&L'],
  ['simulator', 'Repricing simulator'],
  ['leakage', 'Interchange leakage'],
  ['regulatory', 'Regulatory what-ifs'],
] as const;
type Tab = (typeof TABS)[number][0];

export function RevenueOptimizerScreen() {
  const { framed, current } = useSnapshot(session);
  const { readOnly } = useSnapshot(impersonationAccess);
  const impersonating = current.status === 'signedIn' && current.impersonatedBy !== null;
  const canWrite = !impersonating || readOnly === false;
  const [tab, setTab] = useState<Tab>('pnl');
  const defaults = useDebouncedRequest('defaults', (signal) => fetchDefaults(signal), {
    delayMs: 0,
    failure: 'The optimizer could not be loaded.',
  });

  return (
    <div className={css.screen}>
      <h1 className={css.title}>Revenue Optimizer</h1>
      <p className={css.lead}>
        Your portfolio’s merchant P&amp;L, repricing with its attrition cost, interchange leakage and regulatory
        what-ifs, from the trailing 12 months.
      </p>
      <div role="tablist" aria-label="Optimizer views" className={css.tabs}>
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            className={css.tab}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'pnl' && <PnlPanel options={defaults.data?.segmentOptions ?? null} canRun={canWrite} />}
        {tab === 'simulator' && <SimulatorPanel defaults={defaults.data} canSave={canWrite} />}
        {tab === 'leakage' && <LeakagePanel />}
        {tab === 'regulatory' && <RegulatoryPanel />}
      </div>
      <section className={css.card} aria-labelledby="harmonize">
        <h2 id="harmonize" className={css.cardTitle}>
          Run it on your own data
        </h2>
        <p className={css.hint}>
          Repricing simulations run on your portfolio once its data is harmonized with PayPortal’s. Our sales team sets
          that up with you.
        </p>
        <p>
          <button type="button" className={secondaryButton} onClick={() => contactSales(framed)}>
            Contact sales about data harmonization
          </button>
        </p>
      </section>
    </div>
  );
}
