// spec §2 Change password card, on the profile (the signed-in user's password) and in the reset flow
// (inputs oobCode and reset: confirm the e-mailed code, then go to ./auth).
import { authErrorMessage, PASSWORD_HINT, validateNewPassword, validatePasswordConfirmation } from '@payportal/shared';
import { confirmPasswordReset, updatePassword } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { firebaseAuth } from '../../lib/firebase.ts';
import * as styles from './authLayout.css.ts';
import { FlipCardFaces } from './FlipCardFaces.tsx';
import { TextField } from './TextField.tsx';
import { useFlipSave } from './useFlipSave.ts';

interface ChangePasswordCardProps {
  /** The reset flow's action code; with `reset`, the card confirms a reset instead of a change. */
  oobCode?: string;
  reset?: boolean;
}

export function ChangePasswordCard({ oobCode, reset = false }: ChangePasswordCardProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const { face, error, save, back } = useFlipSave();
  const [, navigate] = useLocation();
  const passwordError = validateNewPassword(password);
  const confirmationError = validatePasswordConfirmation(password, confirmation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (passwordError || confirmationError) return;
    const change = async () => {
      try {
        const auth = firebaseAuth();
        if (reset) await confirmPasswordReset(auth, oobCode ?? '', password);
        else if (auth.currentUser) await updatePassword(auth.currentUser, password);
        else throw Object.assign(new Error('no user'), { code: 'auth/requires-recent-login' });
      } catch (failure) {
        throw new Error(authErrorMessage('changePassword', failure));
      }
    };
    void save(change, () => {
      setPassword('');
      setConfirmation('');
      setTouched(false);
      if (reset) navigate('/auth');
    });
  };

  return (
    <section className={styles.card} aria-labelledby="change-password-title">
      <h2 id="change-password-title">{reset ? 'Choose a new password' : 'Change Password'}</h2>
      <FlipCardFaces face={face} error={error} onBack={back}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={touched || password ? passwordError : null}
            hint={PASSWORD_HINT}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={touched || confirmation ? confirmationError : null}
          />
          <button type="submit" className={styles.primaryButton} disabled={Boolean(passwordError || confirmationError)}>
            {reset ? 'Reset Password' : 'Change Password'}
          </button>
        </form>
      </FlipCardFaces>
    </section>
  );
}
