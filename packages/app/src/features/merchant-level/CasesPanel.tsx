// The merchant's cases: add a note to an open case, close it with a disposition
// (a MATCH listing names its reason code).
import {
  DISPOSITIONS,
  MATCH_REASON_CODES,
  SIGNALS,
  type Disposition,
  type MatchReasonCode,
  type MerchantCase,
} from '@payportal/shared/merchants';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../ui/button.css.ts';
import * as css from './merchantLevel.css.ts';

interface CaseActions {
  onNote: (caseId: number, body: string) => Promise<void>;
  onClose: (caseId: number, disposition: Disposition, matchReasonCode?: MatchReasonCode) => Promise<void>;
}

function OpenCaseForm({ item, onNote, onClose }: { item: MerchantCase } & CaseActions) {
  const [note, setNote] = useState('');
  const [disposition, setDisposition] = useState<Disposition>('cleared');
  const [reason, setReason] = useState<MatchReasonCode>('03');
  return (
    <div className={css.row}>
      <label className={css.search}>
        Note
        <textarea className={css.input} value={note} onChange={(event) => setNote(event.target.value)} rows={2} />
      </label>
      <button
        type="button"
        className={secondaryButton}
        disabled={!note.trim()}
        onClick={() => onNote(item.id, note).then(() => setNote(''))}
      >
        Add note
      </button>
      <label className={css.fact}>
        Disposition
        <select
          className={css.input}
          value={disposition}
          onChange={(event) => setDisposition(event.target.value as Disposition)}
        >
          {Object.entries(DISPOSITIONS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {disposition === 'match_listing' && (
        <label className={css.fact}>
          MATCH reason code
          <select
            className={css.input}
            value={reason}
            onChange={(event) => setReason(event.target.value as MatchReasonCode)}
          >
            {Object.entries(MATCH_REASON_CODES).map(([code, label]) => (
              <option key={code} value={code}>{`${code} ${label}`}</option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className={primaryButton}
        onClick={() => onClose(item.id, disposition, disposition === 'match_listing' ? reason : undefined)}
      >
        Close case
      </button>
    </div>
  );
}

export function CasesPanel({ cases, ...actions }: { cases: MerchantCase[] } & CaseActions) {
  return (
    <section className={css.card} aria-label="Cases">
      <h2 className={css.cardTitle}>Cases</h2>
      {cases.length === 0 && <p className={css.muted}>No cases on this merchant.</p>}
      {cases.map((item) => (
        <article key={item.id} aria-label={`Case ${item.id}`} className={css.card}>
          <h3
            className={css.cardTitle}
          >{`Case ${item.id} · ${SIGNALS[item.signal].label} · ${item.status === 'open' ? 'Open' : `Closed: ${DISPOSITIONS[item.disposition!]}${item.matchReasonCode ? ` (${item.matchReasonCode})` : ''}`}`}</h3>
          <p className={css.muted}>{`Opened by ${item.openedBy.name} on ${item.openedAt.slice(0, 10)}`}</p>
          <ul>
            {item.notes.map((note) => (
              <li key={note.id}>{`${note.author.name}: ${note.body}`}</li>
            ))}
          </ul>
          {item.status === 'open' && <OpenCaseForm item={item} {...actions} />}
        </article>
      ))}
    </section>
  );
}
