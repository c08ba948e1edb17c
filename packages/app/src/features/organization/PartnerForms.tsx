// The forms of the partner section: a public key (kid + PEM), the next key of a partner, and a new partner
// (its key pasted as PEM, or the JWKS URL where it publishes its keys).
import { PARTNER_FORBIDDEN_ROLE, type RegisterPartner, type RoleName } from '@payportal/shared/identity';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import * as styles from './organization.css.ts';
import { RoleEditor } from './RoleEditor.tsx';

function KeyFields({
  kid,
  pem,
  onKid,
  onPem,
}: {
  kid: string;
  pem: string;
  onKid: (kid: string) => void;
  onPem: (pem: string) => void;
}) {
  const id = useId();
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-kid`}>Key id (kid)</label>
        <input id={`${id}-kid`} required value={kid} onChange={(event) => onKid(event.currentTarget.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-pem`}>Public key (PEM)</label>
        <textarea
          id={`${id}-pem`}
          required
          rows={4}
          value={pem}
          placeholder="-----BEGIN PUBLIC KEY-----"
          onChange={(event) => onPem(event.currentTarget.value)}
        />
      </div>
    </>
  );
}

export function KeyForm({ label, onSubmit }: { label: string; onSubmit: (kid: string, pem: string) => void }) {
  const [kid, setKid] = useState('');
  const [pem, setPem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(kid.trim(), pem.trim());
  };
  return (
    <form aria-label={label} onSubmit={submit}>
      <KeyFields kid={kid} pem={pem} onKid={setKid} onPem={setPem} />
      <button type="submit" className={secondaryButton}>
        Add key
      </button>
    </form>
  );
}

interface RegisterFormProps {
  assignableRoles: readonly RoleName[];
  onSubmit: (partner: RegisterPartner) => void;
  onCancel: () => void;
}

export function RegisterForm({ assignableRoles, onSubmit, onCancel }: RegisterFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [roles, setRoles] = useState<RoleName[]>([]);
  const [provision, setProvision] = useState(false);
  const [kid, setKid] = useState('');
  const [pem, setPem] = useState('');
  const [keySource, setKeySource] = useState<'pem' | 'jwks'>('pem');
  const [jwksUrl, setJwksUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const allowed = origins.split(/[\s,]+/).filter(Boolean);
    onSubmit({
      name: name.trim(),
      allowed_origins: allowed,
      roles,
      provision_users: provision,
      nodes: [],
      key: keySource === 'jwks' ? { jwks_url: jwksUrl.trim() } : { kid: kid.trim(), pem: pem.trim() },
    });
  };
  return (
    <form aria-label="Register partner" onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Partner name</label>
        <input id={`${id}-name`} required value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-origins`}>Allowed origins</label>
        <input
          id={`${id}-origins`}
          required
          value={origins}
          placeholder="https://partner.example"
          onChange={(event) => setOrigins(event.currentTarget.value)}
        />
      </div>
      <RoleEditor
        legend="Roles its users may get"
        // No partner opens an owner session (SECURITY.md #14): org_owner is not offered here.
        assignableRoles={assignableRoles.filter((role) => role !== PARTNER_FORBIDDEN_ROLE)}
        value={roles}
        onChange={setRoles}
      />
      <label>
        <input type="checkbox" checked={provision} onChange={(event) => setProvision(event.currentTarget.checked)} />{' '}
        Create users on their first session
      </label>
      <div className={styles.field}>
        <label htmlFor={`${id}-source`}>Its public keys</label>
        <select
          id={`${id}-source`}
          value={keySource}
          onChange={(event) => setKeySource(event.currentTarget.value === 'jwks' ? 'jwks' : 'pem')}
        >
          <option value="pem">Public key (PEM)</option>
          <option value="jwks">JWKS URL</option>
        </select>
      </div>
      {keySource === 'pem' ? (
        <KeyFields kid={kid} pem={pem} onKid={setKid} onPem={setPem} />
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${id}-jwks`}>JWKS URL</label>
          <input
            id={`${id}-jwks`}
            type="url"
            required
            value={jwksUrl}
            placeholder="https://partner.example/.well-known/jwks.json"
            aria-describedby={`${id}-jwks-hint`}
            onChange={(event) => setJwksUrl(event.currentTarget.value)}
          />
          <small id={`${id}-jwks-hint`}>
            PayPortal reads the partner’s public keys there (https); the partner rotates keys by publishing the next
            one.
          </small>
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className={primaryButton}>
          Register
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
