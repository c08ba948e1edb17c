// /amla: find a merchant, then its header, signals and cases, and its sections (one request, each
// section showing as soon as its answer arrives). ?merchant=ID is the deep link (dashboard drill-down,
// the partner frame's initPath).
import { DIMENSION_VALUE_LABELS } from '@payportal/shared/analytics';
import type { MerchantMatch, SectionRequestInput } from '@payportal/shared/merchants';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useRequest } from '../../ui/useRequest.ts';
import { fetchMerchant, MERCHANT_NOT_FOUND } from './merchantApi.ts';
import { FilterSelect } from './FilterSelect.tsx';
import { MerchantHeaderCard } from './MerchantHeaderCard.tsx';
import { MerchantSearch } from './MerchantSearch.tsx';
import { rememberMerchant } from './recentMerchants.ts';
import { MerchantSections } from './MerchantSections.tsx';
import { SignalsAndCases } from './SignalsAndCases.tsx';
import { Watchlist } from './Watchlist.tsx';
import * as css from './merchantLevel.css.ts';

const DATE_RANGES = [
  ['last_30_days', 'Last 30 days'],
  ['last_90_days', 'Last 90 days'],
  ['year_to_date', 'Year to date'],
  ['last_year', 'Last year'],
] as const;
const FILTERS = [
  ['cardBrand', 'Card brand', 'card_brand'],
  ['cardType', 'Card type', 'card_type'],
  ['channel', 'Channel', 'channel'],
] as const;

function MerchantView({ merchantId }: { merchantId: number }) {
  const [request, setRequest] = useState<SectionRequestInput>({ dateRange: 'last_30_days' });
  const header = useRequest(String(merchantId), (signal) => fetchMerchant(merchantId, signal), MERCHANT_NOT_FOUND);
  if (header.error) return <p role="alert">{header.error}</p>;
  const filter = (name: (typeof FILTERS)[number][0], value: string) =>
    setRequest((current) => ({ ...current, [name]: value || undefined }));
  return (
    <>
      {header.data ? <MerchantHeaderCard merchant={header.data} /> : <p className={css.muted}>Loading…</p>}
      <div className={css.row} role="group" aria-label="Date range and filters">
        <FilterSelect
          label="Date range"
          value={String(request.dateRange)}
          options={DATE_RANGES}
          onChange={(value) =>
            setRequest((current) => ({ ...current, dateRange: value as (typeof DATE_RANGES)[number][0] }))
          }
        />
        {FILTERS.map(([name, label, dimension]) => (
          <FilterSelect
            key={name}
            label={label}
            value={request[name] ?? ''}
            options={[['', 'All'], ...Object.entries(DIMENSION_VALUE_LABELS[dimension])]}
            onChange={(value) => filter(name, value)}
          />
        ))}
      </div>
      {/* The page's four calls: every section in one request (sent at once), then signals and cases, the
          header's quick one last. */}
      <SignalsAndCases merchantId={merchantId} />
      <MerchantSections merchantId={merchantId} mid={header.data?.mid ?? null} request={request} />
    </>
  );
}

export function MerchantLevelScreen() {
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('merchant'));
  const merchantId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const pick = (merchant: MerchantMatch) => {
    rememberMerchant(merchant);
    navigate(`/amla?merchant=${merchant.merchantId}`);
  };
  return (
    <div className={css.screen}>
      {merchantId === null && <h1 className={css.title}>Merchant-Level</h1>}
      <MerchantSearch onPick={pick} />
      {merchantId !== null ? <MerchantView key={merchantId} merchantId={merchantId} /> : <Watchlist onPick={pick} />}
    </div>
  );
}
