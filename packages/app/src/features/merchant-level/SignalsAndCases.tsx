// The merchant's AML signals and its cases, with the actions that open, annotate and close a case.
import type { Disposition, MatchReasonCode, SignalId } from '@payportal/shared/merchants';
import { useState } from 'react';
import { useRequest } from '../../ui/useRequest.ts';
import { CasesPanel } from './CasesPanel.tsx';
import { addCaseNote, closeCase, fetchCases, fetchSignals, openCase } from './merchantApi.ts';
import { SignalsPanel } from './SignalsPanel.tsx';

export function SignalsAndCases({ merchantId }: { merchantId: number }) {
  const [casesVersion, setCasesVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const signals = useRequest(
    `signals:${merchantId}`,
    (signal) => fetchSignals(merchantId, signal),
    'Signals could not be loaded.',
  );
  const cases = useRequest(
    `cases:${merchantId}:${casesVersion}`,
    (signal) => fetchCases(merchantId, signal),
    'Cases could not be loaded.',
  );
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setCasesVersion((version) => version + 1);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {signals.data && (
        <SignalsPanel
          answer={signals.data}
          busy={busy}
          onOpenCase={(signal: SignalId) => act(() => openCase(merchantId, signal))}
        />
      )}
      {signals.error && <p role="alert">{signals.error}</p>}
      {cases.data && (
        <CasesPanel
          cases={cases.data.cases}
          onNote={(caseId: number, body: string) => act(() => addCaseNote(merchantId, caseId, body))}
          onClose={(caseId: number, disposition: Disposition, matchReasonCode?: MatchReasonCode) =>
            act(() => closeCase(merchantId, caseId, { disposition, ...(matchReasonCode && { matchReasonCode }) }))
          }
        />
      )}
    </>
  );
}
