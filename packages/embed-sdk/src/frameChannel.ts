// PROTOCOL.md H2: one session per frame document. The session and two private ports go to the frame's
// window at the expected origin only; calls to the frame race the channel's closing (S2: a call in
// flight when the document goes rejects with embed/closed).
import { PROTOCOL_VERSION, WIRE } from '@payportal/shared/protocol/wire';
import { EmbedError } from './EmbedError.ts';
import { portCaller, servePort, type PortApi } from './portRpc.ts';

export interface FrameChannel {
  call(name: 'navigate' | 'setUser', arg: unknown): Promise<unknown>;
  close(reason: string): void;
}

export function openFrameChannel(target: Window, frameOrigin: string, session: object, hostApi: PortApi): FrameChannel {
  const toFrame = new MessageChannel();
  const toHost = new MessageChannel();
  servePort(toHost.port1, hostApi);
  const callFrame = portCaller(toFrame.port1);
  let close!: (error: EmbedError) => void;
  const closed = new Promise<never>((_, reject) => (close = reject));
  closed.catch(() => undefined);
  target.postMessage({ kind: WIRE.session, version: PROTOCOL_VERSION, session }, frameOrigin, [
    toFrame.port2,
    toHost.port2,
  ]);
  return {
    call: (name, arg) => Promise.race([callFrame(name, arg), closed]),
    close(reason) {
      toFrame.port1.close();
      toHost.port1.close();
      close(new EmbedError('embed/closed', reason));
    },
  };
}
