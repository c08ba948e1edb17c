// Change password card, on the profile (the signed-in user's password) and in the reset flow
// (inputs oobCode and reset: confirm the e-mailed code, then go to ./auth).
import { authErrorMessage } from '@payportal/shared/errors';
import { confirmPasswordReset, updatePassword } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { firebaseAuth } from '../../lib/firebase.ts';
import * as styles from './authLayout.css.ts';
import { FlipCardFaces } from './FlipCardFaces.tsx';
import { isNewPasswordValid, NewPasswordFields } from './NewPasswordFields.tsx';
import { useFlipSave } from './useFlipSave.ts';

interface ChangePasswordCardProps {
  /** The reset flow's action code; with `reset`, the card confirms a reset instead of a change. */
  oobCode?: string;
  reset?: boolean;
}

const EMPTY = { password: '', confirmation: '' };

async function savePassword(password: string, reset: boolean, oobCode: string | undefined): Promise<void> {
  try {
    const auth = firebaseAuth();
    if (reset) await confirmPasswordReset(auth, oobCode ?? '', password);
    else if (auth.currentUser) await updatePassword(auth.currentUser, password);
    else throw Object.assign(new Error('no user'), { code: 'auth/requires-recent-login' });
  } catch (failure) {
    throw new Error(authErrorMessage('changePassword', failure));
  }
}

export function ChangePasswordCard({ oobCode, reset = false }: ChangePasswordCardProps) {
  const [value, setValue] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const { face, error, save, back } = useFlipSave();
  const [, navigate] = useLocation();
  const valid = isNewPasswordValid(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    void save(
      () => savePassword(value.password, reset, oobCode),
      () => {
        setValue(EMPTY);
        setTouched(false);
        if (reset) navigate('/auth');
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby="change-password-title">
      <h2 id="change-password-title">{reset ? 'Choose a new password' : 'Change Password'}</h2>
      <FlipCardFaces face={face} error={error} onBack={back}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <NewPasswordFields value={value} onChange={setValue} label="New Password" showAll={touched} />
          <button type="submit" className={styles.primaryButton} disabled={!valid}>
            {reset ? 'Reset Password' : 'Change Password'}
          </button>
        </form>
      </FlipCardFaces>
    </section>
  );
}
