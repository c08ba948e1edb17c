// A new alert: start from a template or from scratch, pick the measure, scope, condition, threshold,
// window and recipients. Percent measures are typed in % (and points), sent as the API's fractions.
import {
  ALERT_CONDITION_LABELS,
  ALERT_CONDITIONS,
  ALERT_SCOPE_LABELS,
  ALERT_SCOPES,
  ALERT_TEMPLATES,
  ALERT_WINDOW_LABELS,
  ALERT_WINDOWS,
  TEMPLATE_THRESHOLD_MARK,
  type AlertCondition,
  type AlertRuleInput,
  type AlertScope,
  type AlertWindow,
  type Recipient,
} from '@payportal/shared/alerts';
import { MEASURES, type MeasureId } from '@payportal/shared/analytics';
import { useId, useState } from 'react';
import { primaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import { createAlert } from './alertsApi.ts';
import * as styles from './alerts.css.ts';
import { RecipientPicker } from './RecipientPicker.tsx';

const isPercent = (measure: MeasureId) => MEASURES[measure].format === 'percent';
/** The number typed is in % (or points) for percent measures and relative changes. */
const shownScale = (rule: Pick<AlertRuleInput, 'measure' | 'condition' | 'change_unit'>) => {
  const compares = rule.condition === 'increase' || rule.condition === 'decrease';
  if (compares && rule.change_unit !== 'points') return 1;
  return isPercent(rule.measure) ? 100 : 1;
};

export interface AlertPreset {
  merchantId: string;
  merchantName: string;
}

export function AlertForm({
  members,
  userId,
  preset,
  disabled,
  onCreated,
}: {
  members: readonly Recipient[];
  userId: number;
  preset: AlertPreset | null;
  disabled: boolean;
  onCreated: (name: string) => void;
}) {
  const id = useId();
  const [template, setTemplate] = useState(preset ? 'vamp-excessive' : '');
  const start = ALERT_TEMPLATES.find((item) => item.id === (preset ? 'vamp-excessive' : ''));
  const [name, setName] = useState(preset ? `${start?.name ?? 'Alert'}: ${preset.merchantName}` : '');
  const [rule, setRule] = useState<AlertRuleInput>(
    start?.rule ?? {
      measure: 'chargeback_ratio',
      scope: 'merchant',
      condition: 'above',
      threshold: 0.009,
      window: 'month',
    },
  );
  const [typed, setTyped] = useState(String((rule.threshold * shownScale(rule)).toFixed(4).replace(/\.?0+$/, '')));
  const [recipients, setRecipients] = useState<number[]>([userId]);
  const action = useAction();

  const applyTemplate = (templateId: string) => {
    setTemplate(templateId);
    const chosen = ALERT_TEMPLATES.find((item) => item.id === templateId);
    if (!chosen) return;
    const shown = String(Number((chosen.rule.threshold * shownScale(chosen.rule)).toFixed(4)));
    const named = chosen.name.replace(TEMPLATE_THRESHOLD_MARK, `${shown} %`);
    setRule(chosen.rule);
    setName(preset ? `${named}: ${preset.merchantName}` : named);
    setTyped(shown);
  };
  const change = (patch: Partial<AlertRuleInput>) => setRule((current) => ({ ...current, ...patch }));
  const compares = rule.condition === 'increase' || rule.condition === 'decrease';
  const unit =
    compares && rule.change_unit !== 'points' ? '%' : isPercent(rule.measure) ? (compares ? 'points' : '%') : '';

  const submit = async () => {
    const threshold = Number(typed) / shownScale(rule);
    const filters = preset
      ? [{ member: 'merchant_id' as const, operator: 'equals' as const, values: [preset.merchantId] }]
      : (rule.filters ?? []);
    const created = await action.run(
      () =>
        createAlert({
          name,
          rule: { ...rule, threshold, filters, scope: preset ? 'merchant' : rule.scope },
          recipients,
        }),
      { failure: 'The alert could not be saved. Please try again.' },
    );
    if (created) onCreated(created.name);
  };

  return (
    <form
      className={styles.card}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{preset ? `New alert for ${preset.merchantName}` : 'New alert'}</h2>
      <fieldset disabled={disabled || action.busy} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={styles.fields}>
          <label className={styles.field}>
            Template
            <select value={template} onChange={(event) => applyTemplate(event.target.value)}>
              <option value="">From scratch</option>
              {ALERT_TEMPLATES.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            Name
            <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
          </label>
        </div>
        <div className={styles.fields}>
          <label className={styles.field}>
            Measure
            <select value={rule.measure} onChange={(event) => change({ measure: event.target.value as MeasureId })}>
              {Object.entries(MEASURES).map(([measure, meta]) => (
                <option key={measure} value={measure}>
                  {meta.label}
                </option>
              ))}
            </select>
          </label>
          {!preset && (
            <label className={styles.field}>
              For
              <select value={rule.scope} onChange={(event) => change({ scope: event.target.value as AlertScope })}>
                {ALERT_SCOPES.map((scope) => (
                  <option key={scope} value={scope}>
                    {ALERT_SCOPE_LABELS[scope]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className={styles.field}>
            Condition
            <select
              value={rule.condition}
              onChange={(event) => change({ condition: event.target.value as AlertCondition })}
            >
              {ALERT_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {ALERT_CONDITION_LABELS[condition]}
                </option>
              ))}
            </select>
          </label>
          {compares && (
            <label className={styles.field}>
              Change in
              <select
                value={rule.change_unit ?? 'relative'}
                onChange={(event) => change({ change_unit: event.target.value as 'relative' | 'points' })}
              >
                <option value="relative">% of the previous figure</option>
                <option value="points">{isPercent(rule.measure) ? 'Percentage points' : 'The measure’s unit'}</option>
              </select>
            </label>
          )}
          <label className={styles.field}>
            Threshold{unit ? ` (${unit})` : ''}
            <input
              id={`${id}-threshold`}
              inputMode="decimal"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              required
              pattern="-?[0-9]*[.]?[0-9]+"
            />
          </label>
          <label className={styles.field}>
            Window
            <select
              value={rule.window}
              onChange={(event) =>
                change({
                  window: event.target.value as AlertWindow,
                  window_days: event.target.value === 'last_n_days' ? (rule.window_days ?? 14) : undefined,
                })
              }
            >
              {ALERT_WINDOWS.map((window) => (
                <option key={window} value={window}>
                  {ALERT_WINDOW_LABELS[window]}
                </option>
              ))}
            </select>
          </label>
          {rule.window === 'last_n_days' && (
            <label className={styles.field}>
              Days
              <input
                type="number"
                min={1}
                max={366}
                value={rule.window_days ?? 14}
                onChange={(event) => change({ window_days: Number(event.target.value) })}
              />
            </label>
          )}
        </div>
        <RecipientPicker members={members} chosen={recipients} onChange={setRecipients} disabled={disabled} />
        <div className={styles.actions}>
          <button type="submit" className={primaryButton}>
            {action.pending ? 'Saving…' : 'Create alert'}
          </button>
        </div>
      </fieldset>
      <p role="alert" className={styles.danger}>
        {action.error ?? ''}
      </p>
    </form>
  );
}
