// A figure that never runs past its box: the exact text while it fits, else the compact one
// ("$123.5M"), whose tooltip and accessible name give the exact figure. The exact text stays laid
// out, hidden and out of the flow, so its width is known at any box width and the choice follows
// every resize without flickering between the two.
import { useLayoutEffect, useRef, useState } from 'react';
import * as css from './fittedFigure.css.ts';

export function FittedFigure({ exact, compact, className }: { exact: string; compact: string; className?: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [short, setShort] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || exact === compact) return;
    const fit = () => setShort(probe.current!.offsetWidth > element.clientWidth);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [exact, compact]);
  return (
    <p
      ref={box}
      className={`${css.figure}${className ? ` ${className}` : ''}`}
      data-fitted={short ? 'compact' : 'exact'}
    >
      <span ref={probe} className={short ? css.probe : undefined} aria-hidden={short || undefined}>
        {exact}
      </span>
      {short && (
        <span title={exact} aria-label={exact}>
          {compact}
        </span>
      )}
    </p>
  );
}
