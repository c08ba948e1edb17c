// The mail of a firing: which merchants (or the portfolio, or the recipient's book) met the rule, their
// figures as the dashboards format them, links to the merchant page and to /alerts.
import { ALERT_CONDITION_LABELS, type AlertFiringItem, type AlertRule } from '@payportal/shared/alerts';
import { formatCell, MEASURES } from '@payportal/shared/analytics';
import { merchantPageHref } from '@payportal/shared/dashboards';
import { escapeHtml, htmlTable, textTable } from './mailText.ts';

/** At most this many merchants are listed in the mail; the history on /alerts holds them all. */
export const MAIL_ITEMS_MAX = 50;

export function thresholdText(rule: AlertRule): string {
  const format = MEASURES[rule.measure].format;
  if (rule.condition === 'above' || rule.condition === 'below')
    return formatCell(rule.threshold, { type: 'number', format });
  if (rule.change_unit === 'relative') return `${rule.threshold} %`;
  return format === 'percent'
    ? `${Math.round(rule.threshold * 10_000) / 100} points`
    : formatCell(rule.threshold, { type: 'number', format });
}

function ruleSentence(rule: AlertRule, period: [string, string], book: string | null): string {
  const who = rule.scope === 'merchant' ? 'A merchant’s' : book === null ? 'The portfolio’s' : 'The book’s';
  return `${who} ${MEASURES[rule.measure].label.toLowerCase()} ${ALERT_CONDITION_LABELS[rule.condition]} ${thresholdText(rule)}, ${period[0]} to ${period[1]}.`;
}

export function alertMail(input: {
  name: string;
  rule: AlertRule;
  period: [string, string];
  items: AlertFiringItem[];
  publicUrl: string;
  /** The book the figures are of, as bookName() names it ("Agent: Lakeside Payments"); null: the whole organisation. */
  book: string | null;
}): { subject: string; text: string; html: string } {
  const { rule, items, publicUrl } = input;
  const format = MEASURES[rule.measure].format;
  const figure = (value: number | null) => formatCell(value, { type: 'number', format });
  const compares = rule.condition === 'increase' || rule.condition === 'decrease';
  const header = [
    rule.scope === 'merchant' ? 'Merchant' : 'Scope',
    MEASURES[rule.measure].label,
    ...(compares ? ['Previous period'] : []),
  ];
  const shown = items.slice(0, MAIL_ITEMS_MAX);
  const rows = shown.map((item) => [
    item.merchant_id === null
      ? { text: input.book ?? 'Portfolio' }
      : {
          text: `${item.merchant_name ?? 'Merchant'} (${item.merchant_id})`,
          href: `${publicUrl}${merchantPageHref(item.merchant_id)}`,
        },
    { text: figure(item.value) },
    ...(compares ? [{ text: figure(item.previous) }] : []),
  ]);
  const more = items.length > shown.length ? `And ${items.length - shown.length} more: see the alert's history.` : '';
  const sentence = ruleSentence(rule, input.period, input.book);
  const count =
    rule.scope === 'merchant'
      ? `${items.length} merchant${items.length === 1 ? '' : 's'}`
      : (input.book ?? 'The portfolio');
  const alertsUrl = `${publicUrl}/alerts`;
  return {
    subject: `Alert: ${input.name} (${count})`,
    text: [
      `${input.name}`,
      '',
      sentence,
      '',
      textTable(header, rows),
      more,
      '',
      `Alerts and their history: ${alertsUrl}`,
      'You get this mail again only after the alert clears.',
    ]
      .filter((line) => line !== null)
      .join('\n'),
    html: `<h2>${escapeHtml(input.name)}</h2><p>${escapeHtml(sentence)}</p>${htmlTable(header, rows)}${more ? `<p>${escapeHtml(more)}</p>` : ''}<p><a href="${escapeHtml(alertsUrl)}">Alerts and their history</a>. You get this mail again only after the alert clears.</p>`,
  };
}
