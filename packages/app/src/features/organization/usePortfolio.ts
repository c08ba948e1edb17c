// The organisation's portfolio hierarchy, loaded again whenever `version` changes (a user's book was
// saved, so a node's users changed). The tree and the user editor's Book select read it.
import type { PortfolioTree, PortfolioTreeNode } from '@payportal/shared/identity';
import { useCallback } from 'react';
import { useRequest, type ListRequest } from '../../ui/useRequest.ts';
import { fetchPortfolio } from './organizationApi.ts';

export function usePortfolio(orgId: number, version = 0): ListRequest<PortfolioTree> {
  const load = useCallback((signal: AbortSignal) => fetchPortfolio(orgId, signal), [orgId]);
  return useRequest(`${orgId}/${version}`, load, 'The portfolio hierarchy could not be loaded.');
}

/** Each node of the tree in reading order, with its depth (0: a node directly under the organisation). */
export function flattenPortfolio(
  nodes: readonly PortfolioTreeNode[],
  level = 0,
): { node: PortfolioTreeNode; level: number }[] {
  return nodes.flatMap((node) => [{ node, level }, ...flattenPortfolio(node.children, level + 1)]);
}
