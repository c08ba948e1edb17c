// Previous / Page n of m / Next under a paged list. (The documents screen still has its own copy: it can move here.)
import { secondaryButton } from './button.css.ts';

export function Pager({
  page,
  pages,
  label,
  className,
  onPage,
}: {
  page: number;
  pages: number;
  label: string;
  className?: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
