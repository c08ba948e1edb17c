// /disputes/{chargebackId}: one dispute — its deadlines, the disputed sale, the merchant (with a link to
// its /amla page), the timeline, an evidence checklist for its reason, the evidence, notes and actions.
import { chargebackIdSchema, type DisputeDetail } from '@payportal/shared/disputes';
import { merchantPageHref } from '@payportal/shared/dashboards';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { DaysLeft } from './DaysLeft.tsx';
import { Deadlines } from './Deadlines.tsx';
import { DisputeActions } from './DisputeActions.tsx';
import { EvidencePanel } from './EvidencePanel.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { Timeline } from './Timeline.tsx';
import { fetchDispute } from './disputesApi.ts';
import { CATEGORY_NAMES, formatAmount, formatDay, NETWORK_NAMES, STAGE_NAMES, STATUS_NAMES } from './disputeWords.ts';
import * as styles from './disputes.css.ts';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `dispute-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function DisputeBody({
  dispute,
  canOpenMerchant,
  userId,
  reload,
}: Omit<DetailProps, 'chargebackId'> & { dispute: DisputeDetail; reload: (message: string) => void }) {
  const mayAdd = dispute.can_act && dispute.status !== 'decided';
  return (
    <div className={styles.detailGrid}>
      <div>
        <Card title="Deadlines">
          <Deadlines dispute={dispute} />
        </Card>
        <Card title="Actions">
          <DisputeActions dispute={dispute} userId={userId} onDone={reload} />
        </Card>
        {dispute.evidence && (
          <Card title="Evidence">
            <EvidencePanel
              chargebackId={dispute.chargeback_id}
              files={dispute.evidence}
              canUpload={mayAdd}
              onUploaded={() => reload('The evidence is uploaded.')}
            />
          </Card>
        )}
        <Card title={`Evidence checklist: ${CATEGORY_NAMES[dispute.reason_category]}`}>
          <ul className={styles.checklist}>
            {dispute.checklist.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Card>
      </div>
      <div>
        <Card title="Disputed sale">
          <dl className={styles.facts}>
            <dt>Amount disputed</dt>
            <dd>{formatAmount(dispute.amount)}</dd>
            {dispute.sale ? (
              <>
                <dt>Sale</dt>
                <dd>
                  {formatAmount(dispute.sale.amount)} on {formatDay(dispute.sale.date)}
                </dd>
                <dt>Sale id</dt>
                <dd>{dispute.sale.tx_id}</dd>
                <dt>Card brand</dt>
                <dd>
                  {NETWORK_NAMES[dispute.sale.card_brand as keyof typeof NETWORK_NAMES] ?? dispute.sale.card_brand}
                </dd>
              </>
            ) : (
              <>
                <dt>Sale</dt>
                <dd>Not in the data</dd>
              </>
            )}
            <dt>Merchant</dt>
            <dd>
              {canOpenMerchant ? (
                <Link to={merchantPageHref(dispute.merchant.id)}>{dispute.merchant.name}</Link>
              ) : (
                dispute.merchant.name
              )}
            </dd>
            <dt>MID</dt>
            <dd>{dispute.merchant.mid}</dd>
            <dt>Network</dt>
            <dd>{NETWORK_NAMES[dispute.network]}</dd>
            <dt>Reason</dt>
            <dd>
              {dispute.reason_code} ({CATEGORY_NAMES[dispute.reason_category]})
            </dd>
            <dt>Received</dt>
            <dd>{formatDay(dispute.received_date)}</dd>
          </dl>
        </Card>
        <Card title="Timeline">
          <Timeline events={dispute.timeline} />
        </Card>
        <Card title="Notes">
          <NotesPanel
            chargebackId={dispute.chargeback_id}
            notes={dispute.notes}
            canAdd={mayAdd}
            onAdded={() => reload('The note is added.')}
          />
        </Card>
      </div>
    </div>
  );
}

interface DetailProps {
  chargebackId: string;
  /** The merchant-level page (/amla) is a query user's screen: others see the merchant's name only. */
  canOpenMerchant: boolean;
  userId: number;
}

export function DisputeDetailScreen(props: DetailProps) {
  const id = chargebackIdSchema.safeParse(props.chargebackId);
  if (id.success) return <LoadedDispute {...props} id={id.data} />;
  return (
    <div className={styles.screen}>
      <p>
        <Link to={paths.disputes()}>← Disputes</Link>
      </p>
      <h1 className={styles.title}>Dispute not found</h1>
      <p role="alert" className={styles.danger}>
        There is no dispute with this id.
      </p>
    </div>
  );
}

function LoadedDispute({ chargebackId, id, ...access }: DetailProps & { id: number }) {
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState('');
  const dispute = useRequest(
    `dispute-${chargebackId}-${version}`,
    (signal) => fetchDispute(id, signal),
    'The dispute could not be loaded. Please try again.',
  );
  const reload = (message: string) => {
    setNotice(message);
    setVersion((value) => value + 1);
  };
  const shown = dispute.data;
  return (
    <div className={styles.screen}>
      <p>
        <Link to={paths.disputes()}>← Disputes</Link>
      </p>
      <h1 className={styles.title}>Dispute {chargebackId}</h1>
      {shown && (
        <p className={styles.intro}>
          {NETWORK_NAMES[shown.network]}, {STAGE_NAMES[shown.stage]}, {STATUS_NAMES[shown.status]}
          {shown.due_date && (
            <>
              {' · '}
              <DaysLeft due={shown.due_date} today={shown.today} />
            </>
          )}
        </p>
      )}
      <p role="status" className={styles.status}>
        {!shown && !dispute.error ? 'Loading the dispute…' : notice}
      </p>
      {dispute.error && (
        <p role="alert" className={styles.danger}>
          {dispute.error}
        </p>
      )}
      {shown && <DisputeBody dispute={shown} {...access} reload={reload} />}
    </div>
  );
}
