// One cell against its column's rule (uploadKinds.ts), in JavaScript: the pre-check's version of the
// engine's validation SQL (packages/analytics/src/uploads/columnChecksSql.ts), from the same table.
import { UPLOAD_REJECT_REASONS, type ColumnRule } from './uploadKinds.ts';

const isCalendarDate = (text: string) => {
  const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text.slice(0, 10);
};

/** The reason a value breaks its rule, or null. `row` gives the other cells (decline_code reads auth_result). */
export function checkCell(rule: ColumnRule, raw: string, row: Record<string, string>): string | null {
  const value = raw.trim();
  if (rule.declineCode) {
    const declined = row.auth_result?.trim() === 'declined';
    if (declined) return new RegExp(`^${rule.pattern}$`).test(value) ? null : rule.reason;
    return value === '' ? null : UPLOAD_REJECT_REASONS.approvedDeclineCode;
  }
  if (value === '') return rule.optional ? null : UPLOAD_REJECT_REASONS.required;
  if (rule.pattern && !new RegExp(`^(?:${rule.pattern})$`).test(value)) return rule.reason;
  if (rule.positive && !(Number(value) > 0)) return rule.reason;
  if ((rule.date || rule.timestamp) && !isCalendarDate(value)) return UPLOAD_REJECT_REASONS.badDate;
  return null;
}
