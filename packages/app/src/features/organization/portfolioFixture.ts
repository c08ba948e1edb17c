// A small portfolio hierarchy as the API answers it, for the component tests.
import type { PortfolioTree, PortfolioTreeNode } from '@payportal/shared/identity';

const node = (
  code: string,
  name: string,
  merchants: number,
  users: number,
  children: PortfolioTreeNode[] = [],
): PortfolioTreeNode => ({ code, name, kind: children.length ? 'sub_iso' : 'agent', merchants, users, children });

export const portfolioFixture: PortfolioTree = {
  nodes: [
    node('SUB-001', 'Northern Sales', 50, 1, [
      node('AGT-0001', 'Lakeside Payments', 38, 1),
      node('AGT-0002', 'Harbour Card Services', 12, 0),
    ]),
    node('SUB-002', 'Southern Sales', 1, 0, [node('AGT-0003', 'Summit Merchant Group', 1, 0)]),
  ],
  house_merchants: 9,
  unscoped_users: 4,
};
