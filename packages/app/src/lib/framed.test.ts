import { describe, expect, it } from 'vitest';
import { isFramed } from './framed.ts';

describe('isFramed', () => {
  it('is false for a top-level window', () => {
    expect(isFramed(window)).toBe(false);
  });

  it('is true when the top window is another window', () => {
    const view = { self: {}, top: {} } as unknown as Window;
    expect(isFramed(view)).toBe(true);
  });

  it('is true when reading the top window throws (cross-origin parent)', () => {
    const view = {
      self: {},
      get top(): Window {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    } as unknown as Window;
    expect(isFramed(view)).toBe(true);
  });
});
