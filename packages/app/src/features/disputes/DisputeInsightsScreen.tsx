// /disputes/insights: which disputes the desk fights and wins, and how much money it
// recovers — challenge rate, fought win rate and recovery rate by reason, network and merchant, and by
// month. Every figure is the query API's (catalogue members), as a dashboard would ask it.
import { DISPUTE_INSIGHTS } from '@payportal/shared/disputes';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { InsightChart } from './InsightChart.tsx';
import * as styles from './disputes.css.ts';

export function DisputeInsightsScreen() {
  return (
    <div className={styles.screen}>
      <p>
        <Link to={paths.disputes()}>← Disputes</Link>
      </p>
      <h1 className={styles.title}>Dispute insights</h1>
      <p className={styles.intro}>
        Challenge rate: disputes represented ÷ received. Fought win rate: won ÷ represented and decided. Recovery rate:
        amount won ÷ amount disputed. Over every month of data, by the month a dispute was received.
      </p>
      {DISPUTE_INSIGHTS.map((insight) => (
        <InsightChart key={insight.id} insight={insight} />
      ))}
    </div>
  );
}
