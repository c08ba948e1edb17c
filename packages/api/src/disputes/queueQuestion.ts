// The engine's question for a view of the queue: its tab, filters and sort, one page after `after`,
// leaving out what the desk answered. The queue's pages and its CSV export ask it the same way.
import type { DisputeQueueQuestion } from '@payportal/analytics';
import type { DisputeQueueView } from '@payportal/shared/disputes';

export function queueQuestionOf(
  view: DisputeQueueView,
  page: Pick<DisputeQueueQuestion, 'limit' | 'after'>,
  desk: Pick<DisputeQueueQuestion, 'answered' | 'accepted'>,
): DisputeQueueQuestion {
  return {
    kind: 'queue',
    tab: view.tab,
    ...(view.network !== undefined && { network: view.network }),
    ...(view.reason !== undefined && { reason: view.reason }),
    ...(view.merchant !== undefined && { merchantId: view.merchant }),
    ...(view.minAmount !== undefined && { minAmount: view.minAmount }),
    ...(view.maxAmount !== undefined && { maxAmount: view.maxAmount }),
    sort: view.sort,
    order: view.order,
    ...page,
    ...desk,
  };
}
