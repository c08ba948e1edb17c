// What each section shows: headline figures first, then charts and tables, all
// from the section's query API answers (merchantSections.ts in shared).
import { MEASURES, type QueryResult } from '@payportal/shared/analytics';
import type { SectionAnswer } from '@payportal/shared/merchants';
import { EChart } from './charts/EChart.tsx';
import { heatmapOption, trendOption, vampOption } from './charts/merchantChartOptions.ts';
import { Figures } from './Figures.tsx';
import { shown, signedChange } from './format.ts';
import { ResultTable } from './ResultTable.tsx';
import { byMerchant, changeOf, peerBenchmark, quantileOf, ratioOf, resultOf, valueOf } from './sectionFigures.ts';

const table = (answer: SectionAnswer, id: string, caption: string) => {
  const result = resultOf(answer, id);
  return result && <ResultTable key={id} caption={caption} columns={result.columns} rows={result.rows} />;
};

export function PerformanceView({ answer }: { answer: SectionAnswer }) {
  const totals = resultOf(answer, 'totals');
  const [now, month, year] = ['monthToDate', 'monthBefore', 'yearBefore'].map((id) =>
    valueOf(resultOf(answer, id), 'gsv'),
  );
  const trend = resultOf(answer, 'trend');
  const heatmap = resultOf(answer, 'heatmap');
  return (
    <>
      <Figures
        items={[
          ['Gross sales volume', shown(valueOf(totals, 'gsv'), 'money')],
          ['Transactions', shown(valueOf(totals, 'transactions'), 'count')],
          ['Average ticket', shown(valueOf(totals, 'avg_ticket'), 'money')],
          ['GSV month on month (to date)', signedChange(changeOf(now ?? null, month ?? null))],
          ['GSV year on year (to date)', signedChange(changeOf(now ?? null, year ?? null))],
        ]}
      />
      {trend && (
        <EChart
          key={JSON.stringify(trend.rows)}
          label="Gross sales volume and transactions by month, 13 months"
          option={trendOption(trend)}
        />
      )}
      {heatmap && (
        <EChart
          key={JSON.stringify(heatmap.rows)}
          label="Transactions by day of week and hour"
          option={heatmapOption(heatmap)}
          height={260}
        />
      )}
      <details>
        <summary>Tables</summary>
        {table(answer, 'trend', 'By month (13 months)')}
        {table(answer, 'heatmap', 'By day of week and hour')}
      </details>
    </>
  );
}

export function AuthorisationView({ answer, peers }: { answer: SectionAnswer; peers: SectionAnswer | null }) {
  const totals = resultOf(answer, 'totals');
  const band = peers ? [...byMerchant(peers.queries[0]!.result, 'approval_rate').values()] : [];
  const low = quantileOf(band, 0.25);
  const high = quantileOf(band, 0.75);
  return (
    <>
      <Figures
        items={[
          ['Approval rate', shown(valueOf(totals, 'approval_rate'), 'percent')],
          [
            'Peer band (25th–75th percentile)',
            low === null || high === null ? '—' : `${shown(low, 'percent')} – ${shown(high, 'percent')}`,
          ],
          ['Soft declines', shown(valueOf(totals, 'soft_decline_rate'), 'percent')],
          ['Hard declines', shown(valueOf(totals, 'hard_decline_rate'), 'percent')],
        ]}
      />
      {table(answer, 'declines', 'Declines by code')}
      {table(answer, 'brand', 'Approval by card brand')}
      {table(answer, 'cardType', 'Approval by card type')}
      {table(answer, 'entryMode', 'Approval by entry mode')}
      {table(answer, 'issuerCountry', 'Approval by issuer country')}
    </>
  );
}

export function DisputesView({ answer }: { answer: SectionAnswer }) {
  const totals = resultOf(answer, 'totals');
  const vamp = valueOf(totals, 'vamp_ratio');
  return (
    <>
      <Figures
        items={[
          ['Chargebacks', shown(valueOf(totals, 'chargebacks'), 'count')],
          ['Chargeback amount', shown(valueOf(totals, 'chargeback_amount'), 'money')],
          ['Chargeback ratio', shown(valueOf(totals, 'chargeback_ratio'), 'percent')],
          [
            'Chargeback amount ratio',
            shown(ratioOf(valueOf(totals, 'chargeback_amount'), valueOf(totals, 'gsv')), 'percent'),
          ],
          ['VAMP ratio (Visa)', shown(vamp, 'percent')],
          ['Fraud (bps)', shown(valueOf(totals, 'fraud_bps'), 'bps')],
          ['Dispute win rate', shown(valueOf(totals, 'chargeback_win_rate'), 'percent')],
        ]}
      />
      {vamp !== null && (
        <EChart
          key={vamp}
          label={`VAMP ratio ${shown(vamp, 'percent')} against the 1.5 % and 2.2 % lines`}
          option={vampOption(vamp)}
          height={90}
        />
      )}
      {table(answer, 'reasons', 'Reason categories')}
    </>
  );
}

function crossBorderShare(result: QueryResult | null): number | null {
  if (!result) return null;
  const flag = result.columns.findIndex((column) => column.name === 'cross_border');
  const gsv = result.columns.findIndex((column) => column.name === 'gsv');
  const total = result.rows.reduce((sum, row) => sum + (Number(row[gsv]) || 0), 0);
  const foreign = result.rows
    .filter((row) => row[flag] === true)
    .reduce((sum, row) => sum + (Number(row[gsv]) || 0), 0);
  return total ? foreign / total : null;
}

export function EconomicsView({ answer }: { answer: SectionAnswer }) {
  const totals = resultOf(answer, 'totals');
  return (
    <>
      <Figures
        items={[
          ['Billed fees', shown(valueOf(totals, 'billed_fees'), 'money')],
          ['Interchange', shown(valueOf(totals, 'interchange'), 'money')],
          ['Scheme fees', shown(valueOf(totals, 'scheme_fees'), 'money')],
          ['Net revenue', shown(valueOf(totals, 'net_revenue'), 'money')],
          ['Net effective rate', shown(valueOf(totals, 'net_effective_rate_bps'), 'bps')],
          ['Downgrade leakage', shown(valueOf(totals, 'downgrade_leakage'), 'money')],
          ['Cross-border share of GSV', shown(crossBorderShare(resultOf(answer, 'crossBorder')), 'percent')],
        ]}
      />
      {table(answer, 'cardMix', 'Card mix')}
    </>
  );
}

const PEER_LABELS: Record<string, [string, 'percent' | 'money' | 'bps']> = {
  approval_rate: [MEASURES.approval_rate.label, 'percent'],
  chargeback_ratio: [MEASURES.chargeback_ratio.label, 'percent'],
  avg_ticket: [MEASURES.avg_ticket.label, 'money'],
  net_effective_rate_bps: [MEASURES.net_effective_rate_bps.label, 'bps'],
  growth: ['GSV growth (90 days on the 90 before)', 'percent'],
};

export function PeersView({ answer, mid }: { answer: SectionAnswer; mid: string }) {
  const benchmark = peerBenchmark(answer, mid);
  return (
    <ResultTable
      caption={`${benchmark.peers} merchants with the same MCC in the ${benchmark.scope}`}
      columns={[
        { label: 'Measure', type: 'string', format: null },
        { label: 'This merchant', type: 'string', format: null },
        { label: 'Peer median', type: 'string', format: null },
        { label: 'Percentile', type: 'string', format: null },
      ]}
      rows={benchmark.rows.map((row) => {
        const [label, format] = PEER_LABELS[row.measure]!;
        return [
          label,
          shown(row.value, format),
          shown(row.median, format),
          row.percentile === null ? '—' : `${Math.round(row.percentile * 100)}th`,
        ];
      })}
    />
  );
}
