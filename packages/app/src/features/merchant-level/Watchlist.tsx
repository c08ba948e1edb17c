// Before a merchant is picked: the organisation's merchants with raised signals, most first, as a
// starting point for an analyst.
import { SIGNALS, type MerchantMatch } from '@payportal/shared/merchants';
import { useRequest } from '../../ui/useRequest.ts';
import { fetchWatchlist } from './merchantApi.ts';
import * as css from './merchantLevel.css.ts';

export function Watchlist({ onPick }: { onPick: (merchant: MerchantMatch) => void }) {
  const { data, error } = useRequest(
    'watchlist',
    (signal) => fetchWatchlist(signal),
    'Merchants with raised signals could not be loaded.',
  );
  return (
    <section className={css.card} aria-label="Merchants with raised signals" aria-busy={!data && !error}>
      <h2 className={css.cardTitle}>Merchants with raised signals</h2>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p className={css.muted}>Loading…</p>}
      {data && data.merchants.length === 0 && (
        <p className={css.muted}>No merchant has a raised signal in the last 30 days.</p>
      )}
      {data && data.merchants.length > 0 && (
        <ul className={css.options}>
          {data.merchants.map(({ signals, ...merchant }) => (
            <li key={merchant.merchantId}>
              <button type="button" className={css.option} onClick={() => onPick(merchant)}>
                {`${merchant.dbaName} · MID ${merchant.mid} · ${signals.map((signal) => SIGNALS[signal].label).join(', ')}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
