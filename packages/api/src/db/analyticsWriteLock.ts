// The advisory lock held by whoever writes an organisation's rows in the analytics engine: an upload's
// load, roll back or delete, and the demo datasets' generation or top-up. On ClickHouse a top-up copies
// the organisation's uploaded rows out and swaps its partitions back in, so an upload published between
// the copy and the swap would be lost: under one lock across every process, they take turns.
// (The name predates the top-up taking it: processes of an older release still hold the same lock.)
export const ANALYTICS_WRITE_LOCK = 'payportal:uploads';
