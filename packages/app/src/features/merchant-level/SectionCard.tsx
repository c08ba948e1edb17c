// One section's card: its title, "Download CSV" of its query answers once they are
// in, and its view; each section loads on its own, so the first numbers show at once.
import { SECTION_TITLES, type SectionAnswer, type SectionId } from '@payportal/shared/merchants';
import type { ReactNode } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import type { ListRequest } from '../../ui/useRequest.ts';
import { downloadCsv, sectionCsv } from './sectionCsv.ts';
import * as css from './merchantLevel.css.ts';

export function SectionCard({
  merchantId,
  section,
  state,
  wide = false,
  children,
}: {
  merchantId: number;
  section: SectionId;
  state: ListRequest<SectionAnswer>;
  wide?: boolean;
  children: (answer: SectionAnswer) => ReactNode;
}) {
  const title = SECTION_TITLES[section];
  const { data, error } = state;
  return (
    <section className={wide ? `${css.card} ${css.wide}` : css.card} aria-label={title} aria-busy={!data && !error}>
      <div className={css.cardHead}>
        <h2 className={css.cardTitle}>{title}</h2>
        {data && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => downloadCsv(`merchant ${merchantId} - ${title}.csv`, sectionCsv(data))}
          >
            Download CSV
          </button>
        )}
      </div>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p className={css.muted}>Loading…</p>}
      {data && children(data)}
    </section>
  );
}
