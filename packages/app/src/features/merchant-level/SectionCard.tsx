// One section of the page (issue #16 item 3): loads on its own, so the first numbers show at once;
// its answers are the query API's, downloadable as CSV.
import { SECTION_TITLES, type SectionId, type SectionRequestInput } from '@payportal/shared';
import { secondaryButton } from '../../ui/button.css.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { fetchSection } from './merchantApi.ts';
import { ResultTable } from './ResultTable.tsx';
import { downloadCsv, sectionCsv } from './sectionCsv.ts';
import * as css from './merchantLevel.css.ts';

const CAPTIONS: Record<string, string> = {
  totals: 'Totals', trend: 'By month (13 months)', declines: 'Declines by code', brand: 'Approval by card brand', cardType: 'Approval by card type',
  entryMode: 'Approval by entry mode', issuerCountry: 'Approval by issuer country', reasons: 'Reason categories', cardMix: 'Card mix', crossBorder: 'Cross-border',
  peersInState: 'Merchants with the same MCC in the state', peersInRegion: 'Merchants with the same MCC in the region',
};

export function SectionCard({ merchantId, section, request }: { merchantId: number; section: SectionId; request: SectionRequestInput }) {
  const title = SECTION_TITLES[section];
  const { data, error } = useRequest(`${merchantId}:${section}:${JSON.stringify(request)}`, (signal) => fetchSection(merchantId, section, request, signal), `${title} could not be loaded.`);
  return (
    <section className={css.card} aria-label={title} aria-busy={!data && !error}>
      <div className={css.cardHead}>
        <h2 className={css.cardTitle}>{title}</h2>
        {data && <button type="button" className={secondaryButton} onClick={() => downloadCsv(`${merchantId} - ${title}.csv`, sectionCsv(data))}>Download CSV</button>}
      </div>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p className={css.muted}>Loading…</p>}
      {data?.queries.map(({ id, result }) => <ResultTable key={id} caption={CAPTIONS[id] ?? id} columns={result.columns} rows={result.rows} />)}
    </section>
  );
}
