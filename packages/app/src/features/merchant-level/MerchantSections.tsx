// The five sections, each asked for on its own (so the first answer shows at once) with the page's
// date range and filters; the authorisation card reads the peers' approval band once that is in.
import type { SectionId, SectionRequestInput } from '@payportal/shared';
import { useRequest } from '../../ui/useRequest.ts';
import { fetchSection } from './merchantApi.ts';
import { SectionCard } from './SectionCard.tsx';
import { AuthorisationView, DisputesView, EconomicsView, PeersView, PerformanceView } from './SectionViews.tsx';
import * as css from './merchantLevel.css.ts';

function useSection(merchantId: number, section: SectionId, request: SectionRequestInput) {
  return useRequest(
    `${merchantId}:${section}:${JSON.stringify(request)}`,
    (signal) => fetchSection(merchantId, section, request, signal),
    'This section could not be loaded.',
  );
}

/** `mid` arrives with the header; the sections do not wait for it (only the peers' ranking needs it). */
export function MerchantSections({
  merchantId: id,
  mid,
  request,
}: {
  merchantId: number;
  mid: string | null;
  request: SectionRequestInput;
}) {
  // Asked in the order of their usual time, slowest first (MerchantLevelScreen: six requests at a time).
  const peers = useSection(id, 'peers', request);
  const economics = useSection(id, 'economics', request);
  const authorisation = useSection(id, 'authorisation', request);
  const performance = useSection(id, 'performance', request);
  const disputes = useSection(id, 'disputes', request);
  return (
    <div className={css.grid}>
      <SectionCard merchantId={id} section="performance" state={performance}>
        {(answer) => <PerformanceView answer={answer} />}
      </SectionCard>
      <SectionCard merchantId={id} section="authorisation" state={authorisation}>
        {(answer) => <AuthorisationView answer={answer} peers={peers.data} />}
      </SectionCard>
      <SectionCard merchantId={id} section="disputes" state={disputes}>
        {(answer) => <DisputesView answer={answer} />}
      </SectionCard>
      <SectionCard merchantId={id} section="economics" state={economics}>
        {(answer) => <EconomicsView answer={answer} />}
      </SectionCard>
      <SectionCard merchantId={id} section="peers" state={peers} wide>
        {(answer) => (mid === null ? null : <PeersView answer={answer} mid={mid} />)}
      </SectionCard>
    </div>
  );
}
