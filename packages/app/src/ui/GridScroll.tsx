// A wide grid's scrolling box: focusable, so keyboard users can scroll it too (axe
// scrollable-region-focusable), and shaded at an edge past which it has more to show, so a reader sees
// that the table goes on beyond its card instead of taking the last visible column for the last one.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import * as styles from './dataGrid.css.ts';

interface Hidden {
  right: boolean;
  bottom: boolean;
}

/** What of the box's content lies past its right and bottom edges (a pixel's rounding ignored). */
export function hiddenBeyond(box: HTMLElement): Hidden {
  return {
    right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
    bottom: box.scrollTop + box.clientHeight < box.scrollHeight - 1,
  };
}

export function GridScroll({
  label,
  className = styles.gridScroll,
  children,
}: {
  label: string;
  /** The box's own look; default the bordered grid of figures (dataGrid.css.ts). */
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ right: false, bottom: false });
  useLayoutEffect(() => {
    const element = box.current!;
    const measure = () =>
      setHidden((last) => {
        const next = hiddenBeyond(element);
        return next.right === last.right && next.bottom === last.bottom ? last : next;
      });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // The table grows when its rows arrive and the box changes with the window.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return (
    <div
      className={styles.gridFrame}
      data-more-right={hidden.right || undefined}
      data-more-below={hidden.bottom || undefined}
    >
      <div ref={box} className={className} tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
    </div>
  );
}
