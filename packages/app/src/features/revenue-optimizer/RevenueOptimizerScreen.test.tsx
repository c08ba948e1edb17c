// ContactSales from the revenue optimizer: a mail draft standalone, a message to the parent framed.
// The framed message crossing to a real partner portal is in e2e/embed-session.spec.ts.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setTestPortalConfig } from '../../testing/testPortalConfig.ts';
import { setParentNotifier } from '../../lib/parentNotifier.ts';
import { answerApi } from '../../testing/answerApi.ts';
import { resetSession } from '../session/sessionStore.ts';

// The optimizer's own calls are not this test's concern: every one answers 404 here, none leaves the process.
beforeEach(() => answerApi({}));

afterEach(() => {
  cleanup();
  resetSession();
  setParentNotifier(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const embeddedUser = signedInAs(['revenue_optimizer'], { termsAccepted: true });
const contactButton = () => screen.findByRole('button', { name: 'Contact sales about data harmonization' });

describe('revenue optimizer: contact sales', () => {
  it('opens a mail draft to sales about data harmonization when standalone, and tells no parent', async () => {
    setTestPortalConfig();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const notify = vi.fn();
    setParentNotifier({ notify });
    renderAppAt('/revenue-optimizer', embeddedUser);
    await userEvent.click(await contactButton());
    expect(assign).toHaveBeenCalledExactlyOnceWith('mailto:sales@payportal.example?subject=Data%20harmonization');
    expect(notify).not.toHaveBeenCalled();
  });

  it('messages the parent portal when framed, and opens no mail draft', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const notify = vi.fn();
    setParentNotifier({ notify });
    renderAppAt('/revenue-optimizer', embeddedUser, true);
    await userEvent.click(await contactButton());
    expect(notify.mock.calls).toEqual([['contactSales']]);
    expect(assign).not.toHaveBeenCalled();
  });
});
