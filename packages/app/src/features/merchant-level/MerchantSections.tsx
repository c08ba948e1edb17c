// The five sections, asked for in one request (each shows as soon as its own answer arrives) with the
// page's date range and filters; the authorisation card reads the peers' approval band once that is in.
import type { SectionRequestInput } from '@payportal/shared/merchants';
import { SectionCard } from './SectionCard.tsx';
import { AuthorisationView, DisputesView, EconomicsView, PeersView, PerformanceView } from './SectionViews.tsx';
import { useSections } from './useSections.ts';
import * as css from './merchantLevel.css.ts';

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
  const { peers, economics, authorisation, performance, disputes } = useSections(id, request);
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
