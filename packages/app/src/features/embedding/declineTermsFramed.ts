// spec §4 Terms: declining in a frame tells the parent unauthorized and routeHome (the terms screen
// signs out instead when standalone).
import { reportToHost } from './hostChannel.ts';

export function declineTermsFramed(): void {
  reportToHost({ type: 'termsDeclined' });
  reportToHost({ type: 'unauthorized' });
  reportToHost({ type: 'routeHome' });
}
