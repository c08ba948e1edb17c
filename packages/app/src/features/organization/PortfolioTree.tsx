// The organisation's portfolio hierarchy, read-only (README "Scoped books"): a nested list of sub-ISOs
// and their agents, each with the merchants of its book and the users scoped to exactly it. A node with
// children opens and closes (a native disclosure: reachable and operable from the keyboard).
import {
  countOf,
  NODE_KIND_LABELS,
  type PortfolioTree as Tree,
  type PortfolioTreeNode,
} from '@payportal/shared/identity';
import * as styles from './organization.css.ts';

function NodeLine({ node }: { node: PortfolioTreeNode }) {
  return (
    <>
      <span className={styles.nodeName}>{node.name}</span> ({node.code}) · {NODE_KIND_LABELS[node.kind]} —{' '}
      {countOf(node.merchants, 'merchant', 'merchants')} · {countOf(node.users, 'user', 'users')}
    </>
  );
}

function NodeList({ nodes }: { nodes: readonly PortfolioTreeNode[] }) {
  return (
    <ul className={styles.tree}>
      {nodes.map((node) => (
        <li key={node.code}>
          {node.children.length === 0 ? (
            <NodeLine node={node} />
          ) : (
            <details>
              <summary>
                <NodeLine node={node} />
              </summary>
              <NodeList nodes={node.children} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

export interface PortfolioTreeProps {
  portfolio: Tree | null;
  error: string | null;
}

export function PortfolioTree({ portfolio, error }: PortfolioTreeProps) {
  return (
    <section aria-labelledby="portfolio-heading">
      <h2 id="portfolio-heading">Portfolio hierarchy</h2>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      {!portfolio && !error && <p role="status">Loading the hierarchy…</p>}
      {portfolio && (
        <>
          <p>
            Whole organisation: {countOf(portfolio.house_merchants, 'house merchant', 'house merchants')} (no agent) ·{' '}
            {countOf(portfolio.unscoped_users, 'user', 'users')} unscoped
          </p>
          {portfolio.nodes.length === 0 ? <p>No sub-ISOs or agents yet.</p> : <NodeList nodes={portfolio.nodes} />}
        </>
      )}
    </section>
  );
}
