// The scoped user's book on every screen: under the header, first in the frame; nothing when unscoped.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { resetSession } from '../session/sessionStore.ts';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const agentBook = { book: { code: 'AGT-0001', name: 'Lakeside Payments', kind: 'agent', merchants: 38 } };
const answerBook = (body: object) => answerApi({ 'GET /api/auth/v1/scope': () => ({ body }) });

describe('the book banner', () => {
  it('names a scoped user’s book under the header, as the server answers it', async () => {
    answerBook(agentBook);
    renderAppAt('/home', signedInAs(['query'], { scoped: true }));
    expect((await screen.findByRole('complementary', { name: 'Book' })).textContent).toBe(
      'Agent: Lakeside Payments — 38 merchants',
    );
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('shows the book in the frame, where the header is hidden', async () => {
    answerBook({ book: { ...agentBook.book, kind: 'sub_iso', name: 'Northern Sales', merchants: 1 } });
    renderAppAt('/home', signedInAs(['query'], { scoped: true }), true);
    expect((await screen.findByRole('complementary', { name: 'Book' })).textContent).toBe(
      'Sub-ISO: Northern Sales — 1 merchant',
    );
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('neither asks nor shows a book for an unscoped session', async () => {
    const sent = answerBook(agentBook);
    renderAppAt('/home', signedInAs(['query']));
    expect(await screen.findByRole('banner')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0))); // a turn of the event loop for effects
    expect(sent.map((request) => request.path)).not.toContain('/api/auth/v1/scope');
    expect(screen.queryByRole('complementary', { name: 'Book' })).toBeNull();
  });
});
