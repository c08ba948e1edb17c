// The owner binds an existing user to a partner, or unbinds them (PUT …/users/{id}/partner, SECURITY.md
// #14). Offered: the organisation's partners that are not revoked; an owner is never bound, so an owner's
// card says why instead of offering the choice. The API's refusal is shown as it answers.
import type { ManagedUser, PartnerView } from '@payportal/shared/identity';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { primaryButton } from '../../ui/button.css.ts';
import { useAction } from '../../ui/useAction.ts';
import * as styles from './organization.css.ts';
import { fetchPartners, saveUserPartner } from './organizationApi.ts';

const NONE = '';

export interface PartnerBindingProps {
  orgId: number;
  user: ManagedUser;
  onSaved: (user: ManagedUser) => void;
}

export function PartnerBinding({ orgId, user, onSaved }: PartnerBindingProps) {
  const id = useId();
  const [partners, setPartners] = useState<PartnerView[] | null>(null);
  const [choice, setChoice] = useState(user.partner_id === null ? NONE : String(user.partner_id));
  const { busy, error, setError, run } = useAction();

  useEffect(() => {
    let current = true;
    fetchPartners(orgId).then(
      (list) => current && setPartners(list),
      () => current && setError('The partners could not be loaded.'),
    );
    return () => {
      current = false;
    };
  }, [orgId, setError]);

  if (user.roles.includes('org_owner'))
    return <p>An owner cannot sign in through a partner: no partner is offered for this user.</p>;
  if (!partners) return error ? <p className={styles.alert}>{error}</p> : null;
  // The current partner stays listed even once revoked, so the select shows what is bound.
  const offered = partners.filter((partner) => partner.revoked_at === null || partner.id === user.partner_id);
  if (offered.length === 0) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const updated = await run(() => saveUserPartner(orgId, user.id, choice === NONE ? null : Number(choice)));
    if (updated) onSaved(updated);
  };
  const bound = user.partner_id === null ? NONE : String(user.partner_id);

  return (
    <form onSubmit={save}>
      <div className={styles.field}>
        <label htmlFor={`${id}-partner`}>Signs in through partner</label>
        <select id={`${id}-partner`} value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
          <option value={NONE}>No partner (PayPortal sign-in)</option>
          {offered.map((partner) => (
            <option key={partner.id} value={String(partner.id)} disabled={partner.revoked_at !== null}>
              {partner.revoked_at === null ? partner.name : `${partner.name} (revoked)`}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={primaryButton} disabled={busy || choice === bound}>
        Save partner
      </button>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
    </form>
  );
}
