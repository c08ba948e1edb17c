// One-line and multi-line texts of dashboards and charts: trimmed, bounded, no control characters
// (PostgreSQL text cannot hold NUL), the same rules as the exports' names.
import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const NO_CONTROL = /^[^\u0000-\u0008\u000b-\u001f\u007f]*$/;

export const dashboardTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[^\n\r\t]*$/, { error: 'must be one line' })
    .regex(NO_CONTROL, { error: 'must not contain control characters' });

export const dashboardParagraphSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(NO_CONTROL, { error: 'must not contain control characters' });
