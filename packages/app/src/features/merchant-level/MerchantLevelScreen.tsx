// /amla: find a merchant, then its header, signals and cases, and its sections (one request, each
// section showing as soon as its answer arrives). ?merchant=ID is the deep link (dashboard drill-down,
// the partner frame's initPath).
import { DIMENSION_VALUE_LABELS, type MerchantMatch, type SectionRequestInput } from '@payportal/shared';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useRequest } from '../../ui/useRequest.ts';
import { fetchMerchant, MERCHANT_NOT_FOUND } from './merchantApi.ts';
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

function MerchantView({ merchantId }: { merchantId: number }) {
  const [request, setRequest] = useState<SectionRequestInput>({ dateRange: 'last_30_days' });
  const header = useRequest(String(merchantId), (signal) => fetchMerchant(merchantId, signal), MERCHANT_NOT_FOUND);
  if (header.error) return <p role="alert">{header.error}</p>;
  const filter = (name: 'cardBrand' | 'cardType' | 'channel', value: string) =>
    setRequest((current) => ({ ...current, [name]: value || undefined }));
  return (
    <>
      {header.data ? <MerchantHeaderCard merchant={header.data} /> : <p className={css.muted}>Loading…</p>}
      <div className={css.row} role="group" aria-label="Date range and filters">
        <label className={css.fact}>
          Date range
          <select
            className={css.input}
            value={String(request.dateRange)}
            onChange={(event) =>
              setRequest((current) => ({
                ...current,
                dateRange: event.target.value as (typeof DATE_RANGES)[number][0],
              }))
            }
          >
            {DATE_RANGES.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className={css.fact}>
          Card brand
          <select
            className={css.input}
            value={request.cardBrand ?? ''}
            onChange={(event) => filter('cardBrand', event.target.value)}
          >
            {[['', 'All'], ...Object.entries(DIMENSION_VALUE_LABELS.card_brand)].map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className={css.fact}>
          Card type
          <select
            className={css.input}
            value={request.cardType ?? ''}
            onChange={(event) => filter('cardType', event.target.value)}
          >
            {[['', 'All'], ...Object.entries(DIMENSION_VALUE_LABELS.card_type)].map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label className={css.fact}>
          Channel
          <select
            className={css.input}
            value={request.channel ?? ''}
            onChange={(event) => filter('channel', event.target.value)}
          >
            {[['', 'All'], ...Object.entries(DIMENSION_VALUE_LABELS.channel)].map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
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
