// /alerts: the organisation's alerts (state, last check, a mail that did not go), each one's history of
// firings, a form for a new one (from a template, or for the merchant the page was opened for), and
// the subscriptions with "Send now". Read-only support sees everything and changes nothing.
import type { Alert, Subscription } from '@payportal/shared/alerts';
import { formatCell, MEASURES } from '@payportal/shared/analytics';
import { merchantPageHref } from '@payportal/shared/dashboards';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { impersonationAccess } from '../../lib/impersonationAccess.ts';
import { paths } from '../../lib/paths.ts';
import { secondaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { useRequest } from '../../ui/useRequest.ts';
import { AlertForm } from './AlertForm.tsx';
import { RecordTable, RowActions } from './RecordTable.tsx';
import { SkippedNotes } from './SkippedNotes.tsx';
import {
  deleteAlert,
  deleteSubscription,
  evaluateAlerts,
  fetchAlerts,
  fetchFirings,
  fetchRecipients,
  fetchSubscriptions,
  sendSubscriptionNow,
} from './alertsApi.ts';
import * as styles from './alerts.css.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function FiringHistory({ alert }: { alert: Alert }) {
  const firings = useRequest(
    `firings-${alert.id}`,
    (signal) => fetchFirings(alert.id, signal),
    'The history could not be loaded.',
  );
  const format = MEASURES[alert.rule.measure].format;
  if (firings.error) return <p className={styles.danger}>{firings.error}</p>;
  if (!firings.data) return <p className={styles.muted}>Loading the history…</p>;
  if (!firings.data.firings.length) return <p className={styles.muted}>It has not fired.</p>;
  return (
    <ul className={styles.history}>
      {firings.data.firings.map((firing) => (
        <li key={firing.id}>
          Fired {when(firing.fired_at)}
          {firing.cleared_at ? `, cleared ${when(firing.cleared_at)}` : ', still firing'}:{' '}
          {firing.items.slice(0, 10).map((item, index) => (
            <span key={item.merchant_id ?? 'portfolio'}>
              {index > 0 && ', '}
              {item.merchant_id ? (
                <Link to={merchantPageHref(item.merchant_id)}>{item.merchant_name ?? item.merchant_id}</Link>
              ) : (
                'Portfolio'
              )}{' '}
              {formatCell(item.value, { type: 'number', format })}
            </span>
          ))}
          {firing.items.length > 10 && ` and ${firing.items.length - 10} more`}
        </li>
      ))}
    </ul>
  );
}

export function AlertsScreen({ userId }: { userId: number }) {
  const { readOnly } = useSnapshot(impersonationAccess);
  const search = new URLSearchParams(useSearch());
  const merchantId = search.get('merchant');
  const preset = merchantId ? { merchantId, merchantName: search.get('name') ?? `Merchant ${merchantId}` } : null;
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const alerts = useRequest(`alerts-${version}`, (signal) => fetchAlerts(signal), 'The alerts could not be loaded.');
  const subscriptions = useRequest(
    `subscriptions-${version}`,
    (signal) => fetchSubscriptions(signal),
    'The subscriptions could not be loaded.',
  );
  const members = useRequest('recipients', (signal) => fetchRecipients(signal), 'The members could not be loaded.');
  const action = useAction();
  const cannotChange = readOnly === true;
  const refresh = (text: string) => {
    setNotice(text);
    setVersion((value) => value + 1);
  };
  const removeAlert = async (alert: Alert) => {
    if (await action.run(async () => (await deleteAlert(alert.id), true))) refresh(`${alert.name} is deleted.`);
  };
  const removeSubscription = async (subscription: Subscription) => {
    if (await action.run(async () => (await deleteSubscription(subscription.id), true)))
      refresh(`${subscription.name} is deleted.`);
  };
  const sendNow = async (subscription: Subscription) => {
    if (
      await action.run(() => sendSubscriptionNow(subscription.id), {
        failure: 'It could not be sent. Please try again.',
      })
    )
      refresh(`${subscription.name} is on its way to its recipients.`);
  };
  const checkNow = async () => {
    if (await action.run(async () => (await evaluateAlerts(), true))) refresh('The alerts are being checked now.');
  };

  return (
    <div className={styles.screen}>
      <h1>Alerts</h1>
      <p className={styles.intro}>
        Alerts check the portfolio after every data change and every hour, with the dashboards’ numbers, and mail their
        recipients once when they fire. Subscriptions mail a dashboard or a saved export on a schedule.
      </p>
      {cannotChange && (
        <p className={styles.muted}>
          You are viewing as support without write access: you can see alerts and subscriptions but not change them.
        </p>
      )}
      <p role="status" className={styles.message}>
        {notice}
      </p>
      <p role="alert" className={styles.danger}>
        {action.error ?? ''}
      </p>

      <section className={styles.card} aria-labelledby="alerts-heading">
        <h2 id="alerts-heading">Your organisation’s alerts</h2>
        {alerts.error && <p className={styles.danger}>{alerts.error}</p>}
        {alerts.data && !alerts.data.alerts.length && <p className={styles.muted}>No alerts yet.</p>}
        {alerts.data && alerts.data.alerts.length > 0 && (
          <RecordTable label="Your organisation’s alerts" columns={['Alert', 'State', 'Last checked', 'Actions']}>
            {alerts.data.alerts.map((alert) => (
              <tr key={alert.id}>
                <td>
                  {alert.name}
                  {open === alert.id && <FiringHistory alert={alert} />}
                </td>
                <td>
                  {alert.state === 'firing' ? <span className={styles.firing}>Firing</span> : 'Clear'}
                  {!alert.enabled && ' (paused)'}
                  {alert.mail_failure && <div className={styles.danger}>Mail not sent: {alert.mail_failure}</div>}
                  <SkippedNotes skips={alert.skips} />
                </td>
                <td>{when(alert.last_evaluated_at)}</td>
                <td>
                  <RowActions
                    actions={[
                      {
                        label: 'History',
                        expanded: open === alert.id,
                        onClick: () => setOpen(open === alert.id ? null : alert.id),
                      },
                      {
                        label: 'Delete',
                        shown: alert.can_edit,
                        disabled: cannotChange || action.busy,
                        onClick: () => void removeAlert(alert),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </RecordTable>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={secondaryButton}
            disabled={cannotChange || action.busy}
            onClick={() => void checkNow()}
          >
            Check now
          </button>
        </div>
      </section>

      {members.data && (
        <AlertForm
          key={merchantId ?? 'new'}
          members={members.data.recipients}
          userId={userId}
          preset={preset}
          disabled={cannotChange}
          onCreated={(name) => refresh(`${name} is saved and being checked now.`)}
        />
      )}

      <section className={styles.card} aria-labelledby="subscriptions-heading">
        <h2 id="subscriptions-heading">Subscriptions</h2>
        <p className={styles.muted}>
          Subscribe from a <Link to={paths.dashboards()}>dashboard</Link> or a saved export in the{' '}
          <Link to={paths.csvNew()}>Query Builder</Link>.
        </p>
        {subscriptions.error && <p className={styles.danger}>{subscriptions.error}</p>}
        {subscriptions.data && subscriptions.data.subscriptions.length > 0 && (
          <RecordTable label="Subscriptions" columns={['Subscription', 'Next mail', 'Last sent', 'Actions']}>
            {subscriptions.data.subscriptions.map((subscription) => (
              <tr key={subscription.id}>
                <td>
                  {subscription.name}
                  <div className={styles.muted}>
                    {subscription.source.kind === 'dashboard' ? 'Dashboard as PDF' : 'Saved export as CSV'}
                  </div>
                  {subscription.mail_failure && (
                    <div className={styles.danger}>Mail not sent: {subscription.mail_failure}</div>
                  )}
                  <SkippedNotes skips={subscription.skips} />
                </td>
                <td>
                  {when(subscription.next_run_at)} ({subscription.time_zone})
                </td>
                <td>{when(subscription.last_run_at)}</td>
                <td>
                  <RowActions
                    actions={[
                      {
                        label: 'Send now',
                        shown: subscription.can_edit && subscription.enabled,
                        disabled: cannotChange || action.busy,
                        onClick: () => void sendNow(subscription),
                      },
                      {
                        label: 'Delete',
                        shown: subscription.can_edit,
                        disabled: cannotChange || action.busy,
                        onClick: () => void removeSubscription(subscription),
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </RecordTable>
        )}
        {subscriptions.data && !subscriptions.data.subscriptions.length && (
          <p className={styles.muted}>No subscriptions yet.</p>
        )}
      </section>
    </div>
  );
}
