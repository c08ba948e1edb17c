// Scoped books: a user may be scoped to one node of the organisation's portfolio hierarchy
// (a sub-ISO or an agent) and then sees only the merchants of that node's subtree, everywhere data is
// shown. A node is named by its code (`SUB-001`, `AGT-0042`, or the customer's own from an upload): the
// code is what merchant_dim carries and a partner's token names, and it outlives a reloaded hierarchy.
import { z } from 'zod';
import { idSchema } from './domain.ts';

export const PORTFOLIO_NODE_KINDS = ['sub_iso', 'agent'] as const;
export type PortfolioNodeKind = (typeof PORTFOLIO_NODE_KINDS)[number];

/** A node's code as a user's scope, a partner's set or a partner token's `node` claim carry it. */
export const nodeCodeSchema = z.string().trim().min(1, { error: 'is required' }).max(64);

/** PUT …/users/{userId}/scope: the node whose book the user sees; null: the whole organisation. */
export const setUserScopeSchema = z.object({ scope_node: z.union([nodeCodeSchema, z.null()]) });
export type SetUserScope = z.infer<typeof setUserScopeSchema>;

/** A node of the hierarchy with its merchants (its subtree's) and the users scoped to exactly it. */
export interface PortfolioTreeNode {
  code: string;
  name: string;
  kind: PortfolioNodeKind;
  merchants: number;
  users: number;
  children: PortfolioTreeNode[];
}
export const portfolioTreeNodeSchema: z.ZodType<PortfolioTreeNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(PORTFOLIO_NODE_KINDS),
    merchants: z.number().int().min(0),
    users: z.number().int().min(0),
    children: z.array(portfolioTreeNodeSchema),
  }),
);

/** GET …/organization/{orgId}/portfolio: the hierarchy as a tree (owner only). */
export const portfolioTreeSchema = z.object({
  nodes: z.array(portfolioTreeNodeSchema),
  /** Merchants of no agent (the house's own accounts), seen by unscoped users only. */
  house_merchants: z.number().int().min(0),
  /** Users of the organisation scoped to no node (owners always). */
  unscoped_users: z.number().int().min(0),
});
export type PortfolioTree = z.infer<typeof portfolioTreeSchema>;

/** GET /api/auth/v1/scope: the book the caller sees, for the header ("Agent: Lakeside Payments — 38 merchants"); null: the whole organisation. */
export const callerBookSchema = z.object({
  book: z
    .object({
      code: z.string(),
      /** The node's name; its code when the hierarchy no longer holds it (a book of no merchants). */
      name: z.string(),
      /** null: a code the hierarchy no longer holds. */
      kind: z.enum(PORTFOLIO_NODE_KINDS).nullable(),
      merchants: z.number().int(),
    })
    .nullable(),
});
export type CallerBook = z.infer<typeof callerBookSchema>;

export const orgPortfolioParamsSchema = z.object({ orgId: idSchema });
