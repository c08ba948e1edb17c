// The terms screen. The network is stubbed at fetch to observe the call the screen makes;
// the real API answers it in e2e/shell.spec.ts.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setParentNotifier } from '../../lib/parentNotifier.ts';
import { resetSession, session } from '../session/sessionStore.ts';

afterEach(() => {
  cleanup();
  resetSession();
  setParentNotifier(null);
  vi.unstubAllGlobals();
});

const embeddedNew = signedInAs(['revenue_optimizer']);

describe('terms and conditions screen', () => {
  it('shows the legal text and keeps Accept disabled until the toggle is on; Decline is always available', async () => {
    renderAppAt('/terms', embeddedNew);
    expect(await screen.findByRole('region', { name: 'Terms and Conditions text' })).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    const decline = screen.getByRole('button', { name: 'Decline' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(decline.disabled).toBe(false);
    await userEvent.click(screen.getByRole('switch', { name: 'I agree to the Terms and Conditions' }));
    expect(accept.disabled).toBe(false);
    await userEvent.click(screen.getByRole('switch', { name: 'I agree to the Terms and Conditions' }));
    expect(accept.disabled).toBe(true);
  });

  it('records acceptance of product 2 and goes to /revenue-optimizer', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { address } = renderAppAt('/terms', embeddedNew);
    await userEvent.click(await screen.findByRole('switch', { name: 'I agree to the Terms and Conditions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(address()).toBe('/revenue-optimizer'));
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/v1/termsandconditions/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ user_id: 42, product_id: 2, acceptance_status: true });
    expect(session.current.status === 'signedIn' && session.current.embeddedTermsAccepted).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Revenue Optimizer' })).toBeTruthy();
  });

  it('says so and stays when the acceptance cannot be saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'api/internal', message: 'The portal failed.' } }, { status: 500 }),
      ),
    );
    const { address } = renderAppAt('/terms', embeddedNew);
    await userEvent.click(await screen.findByRole('switch', { name: 'I agree to the Terms and Conditions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your acceptance could not be saved: The portal failed. Please try again.',
    );
    expect(address()).toBe('/terms');
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Decline signs the user out when standalone', async () => {
    const { address } = renderAppAt('/terms', embeddedNew);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(address()).toBe('/auth?logout=true');
  });

  it('says without inviting a retry when support staff viewing read-only press Accept', async () => {
    const refusal = {
      error: {
        code: 'api/impersonation-read-only',
        message: 'Impersonated sessions are read-only without the support_write permission.',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(refusal, { status: 403 })),
    );
    renderAppAt('/terms', embeddedNew, true);
    await userEvent.click(await screen.findByRole('switch', { name: 'I agree to the Terms and Conditions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your acceptance could not be saved: Impersonated sessions are read-only without the support_write permission.',
    );
    expect(session.current.status === 'signedIn' && session.current.embeddedTermsAccepted).toBe(false);
  });

  it('Decline tells the parent portal termsDeclined, then unauthorized and routeHome, when framed', async () => {
    const notify = vi.fn();
    setParentNotifier({ notify });
    const { address } = renderAppAt('/terms', embeddedNew, true);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(notify.mock.calls).toEqual([['termsDeclined'], ['unauthorized'], ['routeHome']]);
    expect(address()).toBe('/terms');
  });
});
