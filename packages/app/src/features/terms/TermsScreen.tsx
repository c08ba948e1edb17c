// The embedded terms. Accept stays disabled until the toggle is on, records the acceptance
// and goes to /revenue-optimizer; Decline notifies the parent portal when framed, else signs out.
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/apiClient.ts';
import { paths } from '../../lib/paths.ts';
import { notifyParent } from '../../lib/parentNotifier.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import { acceptEmbeddedTerms, session } from '../session/index.ts';
import { recordTermsAcceptance } from './recordTermsAcceptance.ts';
import * as styles from './TermsScreen.css.ts';
import { TermsText } from './TermsText.tsx';

type Status =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'failed'; message: string; retry: boolean } | { kind: 'declined' };

export function TermsScreen({ userId }: { userId: number }) {
  const { framed } = useSnapshot(session);
  const [, navigate] = useLocation();
  const [agreed, setAgreed] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const accept = async () => {
    setStatus({ kind: 'saving' });
    try {
      await recordTermsAcceptance(userId);
    } catch (error) {
      // Support staff viewing the portal read-only cannot accept for the user: trying again will not help.
      // A network failure's message already says to try again.
      const code = error instanceof ApiError ? error.code : null;
      setStatus({
        kind: 'failed',
        message: (error as Error).message,
        retry: code !== API_ERROR_CODES.impersonationReadOnly && code !== 'network',
      });
      return;
    }
    acceptEmbeddedTerms();
    navigate(paths.revenueOptimizer(), { replace: true });
  };

  const decline = () => {
    if (!framed) return navigate(paths.auth({ logout: true }));
    // PROTOCOL.md M2: the host hears why before it hears what to do.
    notifyParent('termsDeclined');
    notifyParent('unauthorized');
    notifyParent('routeHome');
    setStatus({ kind: 'declined' });
  };

  return (
    <>
      <h1>Terms and Conditions</h1>
      <div className={styles.legalText} role="region" aria-label="Terms and Conditions text" tabIndex={0}>
        <TermsText />
      </div>
      <div className={styles.agreement}>
        <input
          id="terms-agree"
          type="checkbox"
          role="switch"
          className={styles.toggle}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor="terms-agree">I agree to the Terms and Conditions</label>
      </div>
      {status.kind === 'failed' && (
        <p role="alert" className={styles.error}>
          Your acceptance could not be saved: {status.message}
          {status.retry && ' Please try again.'}
        </p>
      )}
      {status.kind === 'declined' && <p role="status">You declined the Terms and Conditions.</p>}
      <div className={styles.actions}>
        <button type="button" className={primaryButton} disabled={!agreed || status.kind === 'saving'} onClick={accept}>
          {status.kind === 'saving' ? 'Accepting…' : 'Accept'}
        </button>
        <button type="button" className={secondaryButton} onClick={decline}>
          Decline
        </button>
      </div>
    </>
  );
}
