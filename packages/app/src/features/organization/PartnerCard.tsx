// One partner on /organization/manage: its issuer, origins (flagged when the operator's framing allowlist
// lacks one), roles and keys; adding the next key; retiring a key and revoking the partner, each after a
// confirmation; and its audit.
import type { PartnerAuditEntry, PartnerView } from '@payportal/shared/identity';
import { useState } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import * as styles from './organization.css.ts';
import { PartnerAuditList } from './PartnerAuditList.tsx';
import { KeyForm } from './PartnerForms.tsx';
import { ROLE_LABELS } from './roleLabels.ts';

interface PartnerCardProps {
  partner: PartnerView;
  audit: readonly PartnerAuditEntry[] | null;
  onAddKey: (kid: string, pem: string) => void;
  onRetireKey: (kid: string) => void;
  onRevoke: () => void;
}

type Confirming = { retire: string } | 'revoke' | null;

export function PartnerCard({ partner, audit, onAddKey, onRetireKey, onRevoke }: PartnerCardProps) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const live = !partner.revoked_at;
  const outside = partner.origins_outside_framing;
  return (
    <article aria-label={partner.name}>
      <h3>
        {partner.name}
        {partner.revoked_at && ' (revoked)'}
      </h3>
      <p>
        Issuer <code>{partner.issuer}</code> · origins {partner.allowed_origins.join(', ')} · roles{' '}
        {partner.roles.map((role) => ROLE_LABELS[role]).join(', ')} ·{' '}
        {partner.provision_users ? 'creates new users' : 'existing users only'}
      </p>
      {live && outside.length > 0 && (
        <p className={styles.alert}>
          Warning: {outside.join(', ')} {outside.length === 1 ? 'is' : 'are'} not in this portal’s framing allowlist
          (PARTNER_ORIGINS): pages there cannot frame the portal until the operator adds{' '}
          {outside.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      {partner.jwks_url && (
        <p>
          Keys published at <code>{partner.jwks_url}</code>: the partner rotates them there.
        </p>
      )}
      <ul aria-label={`Keys of ${partner.name}`}>
        {partner.keys.map((key) => (
          <li key={key.kid}>
            <code>{key.kid}</code> {key.alg} {key.retired_at ? '· retired' : '· active'}{' '}
            {!key.retired_at && live && (
              <button type="button" className={secondaryButton} onClick={() => setConfirming({ retire: key.kid })}>
                Retire key {key.kid}
              </button>
            )}
          </li>
        ))}
      </ul>
      {live && (
        <>
          {!partner.jwks_url && <KeyForm label={`Add a key to ${partner.name}`} onSubmit={onAddKey} />}
          <button type="button" className={secondaryButton} onClick={() => setConfirming('revoke')}>
            Revoke {partner.name}
          </button>
        </>
      )}
      <PartnerAuditList name={partner.name} entries={audit} />
      {confirming === 'revoke' && (
        <ConfirmDialog
          question={`Revoke ${partner.name}? Its users’ open sessions end at their next call, and it cannot sign sessions again.`}
          confirmLabel="Revoke partner"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            onRevoke();
          }}
        />
      )}
      {confirming !== null && confirming !== 'revoke' && (
        <ConfirmDialog
          question={`Retire key ${confirming.retire} of ${partner.name}? Tokens signed with it are refused from now on.`}
          confirmLabel="Retire key"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            onRetireKey(confirming.retire);
          }}
        />
      )}
    </article>
  );
}
