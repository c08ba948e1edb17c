// The organisation's partners (packages/api/docs/access.md "Partner sessions"): portals whose backend signs
// embed sessions for their users. The owner registers one (its origins, the roles its users may get,
// its public key), adds the next key and retires the old one to rotate, and revokes it; the API audits
// each change and refuses what the owner may not grant; the owner reads that audit under each partner.
import type { PartnerAuditEntry, PartnerView, RoleName } from '@payportal/shared/identity';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { primaryButton } from '../../ui/button.css.ts';
import * as styles from './organization.css.ts';
import {
  addPartnerKey,
  fetchPartnerAudit,
  fetchPartners,
  registerPartner,
  retirePartnerKey,
  revokePartner,
} from './organizationApi.ts';
import { PartnerCard } from './PartnerCard.tsx';
import { RegisterForm } from './PartnerForms.tsx';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'The change could not be saved.');

export function PartnerSection({ orgId, assignableRoles }: { orgId: number; assignableRoles: readonly RoleName[] }) {
  const [partners, setPartners] = useState<PartnerView[] | null>(null);
  const [audit, setAudit] = useState<PartnerAuditEntry[] | null>(null);
  /** Bumped by every change: the audit is read again. */
  const [version, setVersion] = useState(0);
  const [error, setError] = useState('');
  const [registering, setRegistering] = useState(false);

  useEffect(() => {
    fetchPartners(orgId).then(setPartners, (reason: unknown) => setError(failure(reason)));
  }, [orgId]);
  useEffect(() => {
    let current = true;
    fetchPartnerAudit(orgId).then(
      (entries) => current && setAudit(entries),
      (reason: unknown) => current && setError(failure(reason)),
    );
    return () => {
      current = false;
    };
  }, [orgId, version]);

  /** Runs a change and puts its answer in place of the partner it changed. */
  const change = (work: () => Promise<PartnerView>, onSaved?: () => void) => {
    setError('');
    work().then(
      (changed) => {
        setPartners((list) =>
          [...(list ?? []).filter((partner) => partner.id !== changed.id), changed].sort((a, b) => a.id - b.id),
        );
        setVersion((value) => value + 1);
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
        <PartnerCard
          key={partner.id}
          partner={partner}
          audit={audit && audit.filter((entry) => entry.partner_id === partner.id)}
          onAddKey={(kid, pem) => change(() => addPartnerKey(orgId, partner.id, { kid, pem }))}
          onRetireKey={(kid) => change(() => retirePartnerKey(orgId, partner.id, kid))}
          onRevoke={() => change(() => revokePartner(orgId, partner.id))}
        />
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
