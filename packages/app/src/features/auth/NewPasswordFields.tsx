// New password and confirmation, required, at least 10 characters, matching, with the hint.
// Used by the sign-up screen and the change-password card; the parent owns the values.
import { PASSWORD_HINT, validateNewPassword, validatePasswordConfirmation } from '@payportal/shared/identity';
import { TextField } from './TextField.tsx';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** True when both fields satisfy the rules (the submit button is disabled otherwise). */
export function isNewPasswordValid({ password, confirmation }: NewPassword): boolean {
  return !validateNewPassword(password) && !validatePasswordConfirmation(password, confirmation);
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  label?: string;
  /** Show the messages of empty fields too (after a submit attempt). */
  showAll?: boolean;
}

export function NewPasswordFields({ value, onChange, label = 'Password', showAll = false }: NewPasswordFieldsProps) {
  const { password, confirmation } = value;
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onChange({ password: event.target.value, confirmation })}
        error={showAll || password ? validateNewPassword(password) : null}
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onChange({ password, confirmation: event.target.value })}
        error={showAll || confirmation ? validatePasswordConfirmation(password, confirmation) : null}
      />
    </>
  );
}
