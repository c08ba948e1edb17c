// Terms acceptance records: one per user and product, the latest answer wins.
import type { TermsRecord } from '@payportal/shared/identity';
import type { Queryable } from '../db/database.ts';

export function termsOf(
  db: Queryable,
  userId: number,
): Promise<Pick<TermsRecord, 'product_id' | 'acceptance_status'>[]> {
  return db.query(
    'select product_id, acceptance_status from terms_acceptances where user_id = $1 order by product_id',
    [userId],
  );
}

export async function recordTerms(db: Queryable, record: TermsRecord): Promise<TermsRecord> {
  const [row] = await db.query<TermsRecord>(
    `insert into terms_acceptances (user_id, product_id, acceptance_status) values ($1, $2, $3)
     on conflict (user_id, product_id) do update set acceptance_status = excluded.acceptance_status, recorded_at = now()
     returning user_id, product_id, acceptance_status`,
    [record.user_id, record.product_id, record.acceptance_status],
  );
  return row!;
}
