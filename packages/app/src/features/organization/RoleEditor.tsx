// The owner ticks roles; only those within their assignable roles can change. A role outside
// the grant shows its state but stays disabled, and the API refuses it anyway.
import { ROLE_NAMES, type RoleName } from '@payportal/shared/identity';
import { ROLE_LABELS } from './roleLabels.ts';

export interface RoleEditorProps {
  legend: string;
  assignableRoles: readonly RoleName[];
  value: readonly RoleName[];
  onChange: (roles: RoleName[]) => void;
  disabled?: boolean;
}

export function RoleEditor({ legend, assignableRoles, value, onChange, disabled }: RoleEditorProps) {
  const toggle = (role: RoleName, checked: boolean) =>
    onChange(ROLE_NAMES.filter((name) => (name === role ? checked : value.includes(name))));
  return (
    <fieldset>
      <legend>{legend}</legend>
      {ROLE_NAMES.map((role) => {
        const grantable = assignableRoles.includes(role);
        return (
          <label key={role} title={grantable ? undefined : 'Your roles do not grant this role'}>
            <input
              type="checkbox"
              checked={value.includes(role)}
              disabled={disabled || !grantable}
              onChange={(event) => toggle(role, event.currentTarget.checked)}
            />{' '}
            {ROLE_LABELS[role]}
          </label>
        );
      })}
    </fieldset>
  );
}
