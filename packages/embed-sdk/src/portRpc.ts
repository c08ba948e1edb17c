// The host's end of the private ports (PROTOCOL.md H3, R1). The frame runs comlink; the host speaks
// comlink's wire format for plain calls (APPLY of one named function, RAW values, thrown errors as
// comlink's "throw" handler) in these few lines instead of bundling comlink: 1.9 KB of a 3.6 KB budget.
// portRpc.test.ts runs both ends against comlink itself.

type Reply = { id?: unknown; type?: unknown; value?: unknown; path?: unknown; argumentList?: unknown };
export type PortApi = Record<string, (...args: unknown[]) => unknown>;

/** Answers calls of `api`'s own functions only: no GET, SET, CONSTRUCT, RELEASE or property paths (R1). */
export function servePort(port: MessagePort, api: PortApi): void {
  port.onmessage = async ({ data }: MessageEvent<Reply | null>) => {
    const path = data?.path;
    const name = Array.isArray(path) && path.length === 1 ? path[0] : undefined;
    if (data?.type !== 'APPLY' || !Object.hasOwn(api, name)) return;
    const args = Array.isArray(data.argumentList)
      ? data.argumentList.map((wire: Reply | null) => (wire?.type === 'RAW' ? wire.value : undefined))
      : [];
    let reply: object;
    try {
      reply = { type: 'RAW', value: await api[name]!(...args) };
    } catch (error) {
      reply = {
        type: 'HANDLER',
        name: 'throw',
        value: { isError: true, value: { message: (error as Error)?.message ?? String(error), name: 'Error' } },
      };
    }
    port.postMessage({ ...reply, id: data.id });
  };
}

/** Calls a function the other end exposes; rejects with the message of what it threw. */
export function portCaller(port: MessagePort): (name: string, arg: unknown) => Promise<unknown> {
  const pending = new Map<unknown, (reply: Reply) => void>();
  let last = 0;
  port.onmessage = ({ data }: MessageEvent<Reply | null>) => {
    pending.get(data?.id)?.(data!);
    pending.delete(data?.id);
  };
  return (name, arg) =>
    new Promise((resolve, reject) => {
      const id = `${++last}`;
      pending.set(id, (reply) =>
        reply.type === 'RAW'
          ? resolve(reply.value)
          : reject(new Error((reply.value as { value?: { message?: string } })?.value?.message)),
      );
      port.postMessage({ id, type: 'APPLY', path: [name], argumentList: [{ type: 'RAW', value: arg }] });
    });
}
