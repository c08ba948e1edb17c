// /amla (issue #16): find a merchant, then its header, signals and cases, and its sections each loading
// on its own. ?merchant=ID is the deep link (dashboard drill-down, the partner frame's initPath).
import { type Disposition, type MatchReasonCode, type MerchantMatch, type SectionRequestInput, type SignalId } from '@payportal/shared';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useRequest } from '../../ui/useRequest.ts';
import { CasesPanel } from './CasesPanel.tsx';
import { addCaseNote, closeCase, fetchCases, fetchMerchant, fetchSignals, MERCHANT_NOT_FOUND, openCase } from './merchantApi.ts';
import { MerchantHeaderCard } from './MerchantHeaderCard.tsx';
import { MerchantSearch } from './MerchantSearch.tsx';
import { rememberMerchant } from './recentMerchants.ts';
import { MerchantSections } from './MerchantSections.tsx';
import { SignalsPanel } from './SignalsPanel.tsx';
import { Watchlist } from './Watchlist.tsx';
import * as css from './merchantLevel.css.ts';

const DATE_RANGES = [['last_30_days', 'Last 30 days'], ['last_90_days', 'Last 90 days'], ['year_to_date', 'Year to date'], ['last_year', 'Last year']] as const;

function MerchantView({ merchantId }: { merchantId: number }) {
  const [request, setRequest] = useState<SectionRequestInput>({ dateRange: 'last_30_days' });
  const [casesVersion, setCasesVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const header = useRequest(String(merchantId), (signal) => fetchMerchant(merchantId, signal), MERCHANT_NOT_FOUND);
  const signals = useRequest(`signals:${merchantId}`, (signal) => fetchSignals(merchantId, signal), 'Signals could not be loaded.');
  const cases = useRequest(`cases:${merchantId}:${casesVersion}`, (signal) => fetchCases(merchantId, signal), 'Cases could not be loaded.');
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setCasesVersion((version) => version + 1);
    } finally {
      setBusy(false);
    }
  };
  if (header.error) return <p role="alert">{header.error}</p>;
  const filter = (name: 'cardBrand' | 'cardType' | 'channel', value: string) => setRequest((current) => ({ ...current, [name]: value || undefined }));
  return (
    <>
      {header.data ? <MerchantHeaderCard merchant={header.data} /> : <p className={css.muted}>Loading…</p>}
      <div className={css.row} role="group" aria-label="Date range and filters">
        <label className={css.fact}>Date range
          <select className={css.input} value={String(request.dateRange)} onChange={(event) => setRequest((current) => ({ ...current, dateRange: event.target.value as (typeof DATE_RANGES)[number][0] }))}>
            {DATE_RANGES.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
          </select>
        </label>
        <label className={css.fact}>Card brand
          <select className={css.input} value={request.cardBrand ?? ''} onChange={(event) => filter('cardBrand', event.target.value)}>
            {['', 'visa', 'mastercard', 'amex', 'discover'].map((value) => <option key={value} value={value}>{value || 'All'}</option>)}
          </select>
        </label>
        <label className={css.fact}>Card type
          <select className={css.input} value={request.cardType ?? ''} onChange={(event) => filter('cardType', event.target.value)}>
            {['', 'credit', 'debit', 'prepaid'].map((value) => <option key={value} value={value}>{value || 'All'}</option>)}
          </select>
        </label>
        <label className={css.fact}>Channel
          <select className={css.input} value={request.channel ?? ''} onChange={(event) => filter('channel', event.target.value)}>
            {[['', 'All'], ['cp', 'Card present'], ['cnp', 'Card not present']].map(([value, text]) => <option key={value} value={value}>{text}</option>)}
          </select>
        </label>
      </div>
      {signals.data && <SignalsPanel answer={signals.data} busy={busy} onOpenCase={(signal: SignalId) => act(() => openCase(merchantId, signal))} />}
      {signals.error && <p role="alert">{signals.error}</p>}
      {cases.data && (
        <CasesPanel
          cases={cases.data.cases}
          onNote={(caseId: number, body: string) => act(() => addCaseNote(merchantId, caseId, body))}
          onClose={(caseId: number, disposition: Disposition, matchReasonCode?: MatchReasonCode) => act(() => closeCase(merchantId, caseId, { disposition, ...(matchReasonCode && { matchReasonCode }) }))}
        />
      )}
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
