// Action handler /usermgmt/action: e-mailed links land here. resetPassword shows the change-
// password card; verifyEmail and revertSecondFactorAddition apply the code and go to /auth after 5 s.
import * as constants from '@payportal/shared/constants';
import { AUTH_ERROR_TEXTS } from '@payportal/shared/errors';
import { applyActionCode, checkActionCode, verifyPasswordResetCode } from 'firebase/auth';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { firebaseAuth } from '../../lib/firebase.ts';
import { parseActionRequest, type ActionRequest } from './actionRequest.ts';
import * as styles from './authLayout.css.ts';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';

type Outcome = 'working' | 'failed' | 'resetPassword' | 'verified' | 'reverted';

async function perform(request: ActionRequest): Promise<Outcome> {
  const auth = firebaseAuth();
  auth.languageCode = request.lang; // the language of anything the service sends from here on
  if (request.mode === 'resetPassword') {
    await verifyPasswordResetCode(auth, request.oobCode);
    return 'resetPassword';
  }
  if (request.mode === 'revertSecondFactorAddition') await checkActionCode(auth, request.oobCode);
  await applyActionCode(auth, request.oobCode);
  return request.mode === 'verifyEmail' ? 'verified' : 'reverted';
}

export function ActionHandlerScreen() {
  const search = useSearch();
  const request = useMemo(() => parseActionRequest(search), [search]);
  const [outcome, setOutcome] = useState<Outcome>('working');
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (!request || started.current) return;
    started.current = true; // an action code works once: never apply it twice
    perform(request).then(setOutcome, () => setOutcome('failed'));
  }, [request]);

  useEffect(() => {
    if (outcome !== 'verified' && outcome !== 'reverted') return;
    const timer = setTimeout(() => navigate('/auth'), constants.ACTION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  if (!request) return <Redirect to="/auth" replace />;
  if (outcome === 'resetPassword') {
    return (
      <div className={styles.page}>
        <ChangePasswordCard oobCode={request.oobCode} reset />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        {outcome === 'working' && <p role="status">One moment…</p>}
        {outcome === 'verified' && <Done title="Your email has been verified" />}
        {outcome === 'reverted' && <Done title="2-Step Verification has been removed" />}
        {outcome === 'failed' && (
          <>
            <h1>{AUTH_ERROR_TEXTS.other['action-code-failed']}</h1>
            <p>{AUTH_ERROR_TEXTS.other['action-code-failed-detail']}</p>
            <Link href="/auth">Return to Login</Link>
          </>
        )}
      </div>
    </div>
  );
}

function Done({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p role="status">You will be taken to the sign-in page in 5 seconds.</p>
      <Link href="/auth">Return to Login</Link>
    </>
  );
}
