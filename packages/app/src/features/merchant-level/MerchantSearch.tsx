// Find a merchant: type-ahead by MID, DBA or legal name, and recent merchants.
import type { MerchantMatch } from '@payportal/shared/merchants';
import { useState } from 'react';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';
import { searchMerchants } from './merchantApi.ts';
import { recentMerchants } from './recentMerchants.ts';
import * as css from './merchantLevel.css.ts';

const label = (merchant: MerchantMatch) =>
  `${merchant.dbaName} · ${merchant.legalName} · MID ${merchant.mid} · ${merchant.mcc} · ${merchant.stateCode}`;

export function MerchantSearch({ onPick }: { onPick: (merchant: MerchantMatch) => void }) {
  const [text, setText] = useState('');
  const query = text.trim();
  const found = useDebouncedRequest(
    query,
    (signal) => (query ? searchMerchants(query, signal).then((answer) => answer.merchants) : Promise.resolve([])),
    { delayMs: 200, failure: 'Merchants could not be searched.' },
  );
  const recent = recentMerchants();
  const list = (items: MerchantMatch[], name: string) => (
    <ul className={css.options} aria-label={name}>
      {items.map((merchant) => (
        <li key={merchant.merchantId}>
          <button
            type="button"
            className={css.option}
            onClick={() => {
              setText('');
              onPick(merchant);
            }}
          >
            {label(merchant)}
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <div className={css.search}>
      <label className={css.search}>
        Find a merchant
        <input
          className={css.input}
          type="search"
          value={text}
          placeholder="MID, DBA or legal name"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {query &&
        found.data &&
        (found.data.length ? (
          list(found.data, 'Matching merchants')
        ) : (
          <p className={css.muted}>No merchant matches.</p>
        ))}
      {found.error && <p role="alert">{found.error}</p>}
      {!query && recent.length > 0 && (
        <>
          <p className={css.muted}>Recent merchants</p>
          {list(recent, 'Recent merchants')}
        </>
      )}
    </div>
  );
}
