import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GridScroll } from './GridScroll.tsx';

/** happy-dom lays nothing out: give the box the sizes a browser would measure. */
function size(
  box: HTMLElement,
  sizes: Partial<Record<'clientWidth' | 'scrollWidth' | 'clientHeight' | 'scrollHeight', number>>,
) {
  for (const [name, value] of Object.entries(sizes)) Object.defineProperty(box, name, { configurable: true, value });
}

describe('GridScroll', () => {
  it('is a focusable region named for screen readers', () => {
    render(
      <GridScroll label="Merchant P&L, scrollable">
        <table />
      </GridScroll>,
    );
    expect(screen.getByRole('region', { name: 'Merchant P&L, scrollable' }).tabIndex).toBe(0);
  });

  it('shades the right edge while columns lie beyond it, and stops once scrolled to the last one', () => {
    render(
      <GridScroll label="Leaking merchants">
        <table />
      </GridScroll>,
    );
    const box = screen.getByRole('region', { name: 'Leaking merchants' });
    const frame = box.parentElement!;
    expect(frame.hasAttribute('data-more-right')).toBe(false);

    size(box, { clientWidth: 300, scrollWidth: 900, clientHeight: 200, scrollHeight: 200 });
    act(() => void fireEvent.scroll(box));
    expect(frame.hasAttribute('data-more-right')).toBe(true);
    expect(frame.hasAttribute('data-more-below')).toBe(false);

    box.scrollLeft = 600;
    act(() => void fireEvent.scroll(box));
    expect(frame.hasAttribute('data-more-right')).toBe(false);
  });

  it('shades the bottom edge while rows lie below it', () => {
    render(
      <GridScroll label="Preview">
        <table />
      </GridScroll>,
    );
    const box = screen.getByRole('region', { name: 'Preview' });
    size(box, { clientWidth: 300, scrollWidth: 300, clientHeight: 200, scrollHeight: 1000 });
    act(() => void fireEvent.scroll(box));
    expect(box.parentElement!.hasAttribute('data-more-below')).toBe(true);
  });
});
