// The organisation's partners (packages/api/docs/access.md "Partner sessions"): portals whose backend signs
// embed sessions for their users. The owner registers one (its origins, the roles its users may get,
// its public key), adds the next key and retires the old one to rotate, and revokes it; the API audits
// each change and refuses what the owner may not grant.
import { PARTNER_FORBIDDEN_ROLE, type Partner, type RoleName } from '@payportal/shared/identity';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import * as styles from './organization.css.ts';
import { addPartnerKey, fetchPartners, registerPartner, retirePartnerKey, revokePartner } from './organizationApi.ts';
import { ROLE_LABELS } from './roleLabels.ts';
import { RoleEditor } from './RoleEditor.tsx';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'The change could not be saved.');

export function PartnerSection({ orgId, assignableRoles }: { orgId: number; assignableRoles: readonly RoleName[] }) {
  const [partners, setPartners] = useState<Partner[] | null>(null);
  const [error, setError] = useState('');
  const [registering, setRegistering] = useState(false);

  useEffect(() => {
    fetchPartners(orgId).then(setPartners, (reason: unknown) => setError(failure(reason)));
  }, [orgId]);

  /** Runs a change and puts its answer in place of the partner it changed. */
  const change = (work: () => Promise<Partner>, onSaved?: () => void) => {
    setError('');
    work().then(
      (changed) => {
        setPartners((list) =>
          [...(list ?? []).filter((partner) => partner.id !== changed.id), changed].sort((a, b) => a.id - b.id),
        );
        onSaved?.();
      },
      (reason: unknown) => setError(failure(reason)),
    );
  };

  return (
    <section aria-labelledby="partners-heading" className={styles.panel}>
      <h2 id="partners-heading">Partners</h2>
      <p>Partner portals that sign in their users with signed sessions from their own server.</p>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      {partners?.length === 0 && <p>No partners yet.</p>}
      {partners?.map((partner) => (
        <article key={partner.id} aria-label={partner.name}>
          <h3>
            {partner.name}
            {partner.revoked_at && ' (revoked)'}
          </h3>
          <p>
            Issuer <code>{partner.issuer}</code> · origins {partner.allowed_origins.join(', ')} · roles{' '}
            {partner.roles.map((role) => ROLE_LABELS[role]).join(', ')} ·{' '}
            {partner.provision_users ? 'creates new users' : 'existing users only'}
          </p>
          <ul aria-label={`Keys of ${partner.name}`}>
            {partner.keys.map((key) => (
              <li key={key.kid}>
                <code>{key.kid}</code> {key.alg} {key.retired_at ? '· retired' : '· active'}{' '}
                {!key.retired_at && !partner.revoked_at && (
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => change(() => retirePartnerKey(orgId, partner.id, key.kid))}
                  >
                    Retire key {key.kid}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {!partner.revoked_at && (
            <>
              <KeyForm
                label={`Add a key to ${partner.name}`}
                onSubmit={(kid, pem) => change(() => addPartnerKey(orgId, partner.id, { kid, pem }))}
              />
              <button
                type="button"
                className={secondaryButton}
                onClick={() => change(() => revokePartner(orgId, partner.id))}
              >
                Revoke {partner.name}
              </button>
            </>
          )}
        </article>
      ))}
      {registering ? (
        <RegisterForm
          assignableRoles={assignableRoles}
          onCancel={() => setRegistering(false)}
          onSubmit={(partner) =>
            change(
              () => registerPartner(orgId, partner),
              () => setRegistering(false),
            )
          }
        />
      ) : (
        <button type="button" className={primaryButton} onClick={() => setRegistering(true)}>
          Register partner
        </button>
      )}
    </section>
  );
}

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

function KeyForm({ label, onSubmit }: { label: string; onSubmit: (kid: string, pem: string) => void }) {
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
  onSubmit: (partner: {
    name: string;
    allowed_origins: string[];
    roles: RoleName[];
    provision_users: boolean;
    key: { kid: string; pem: string };
  }) => void;
  onCancel: () => void;
}

function RegisterForm({ assignableRoles, onSubmit, onCancel }: RegisterFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const [roles, setRoles] = useState<RoleName[]>([]);
  const [provision, setProvision] = useState(false);
  const [kid, setKid] = useState('');
  const [pem, setPem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const allowed = origins.split(/[\s,]+/).filter(Boolean);
    onSubmit({
      name: name.trim(),
      allowed_origins: allowed,
      roles,
      provision_users: provision,
      key: { kid: kid.trim(), pem: pem.trim() },
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
        // No partner opens an owner session (SECURITY.md #14): org_owner stays disabled here.
        assignableRoles={assignableRoles.filter((role) => role !== PARTNER_FORBIDDEN_ROLE)}
        value={roles}
        onChange={setRoles}
      />
      <label>
        <input type="checkbox" checked={provision} onChange={(event) => setProvision(event.currentTarget.checked)} />{' '}
        Create users on their first session
      </label>
      <KeyFields kid={kid} pem={pem} onKid={setKid} onPem={setPem} />
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
