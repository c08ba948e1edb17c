// The host's few lines against comlink itself, the library the frame runs (PROTOCOL.md H3, R1).
import { expose, wrap } from 'comlink';
import { describe, expect, it } from 'vitest';
import { portCaller, servePort } from './portRpc.ts';

describe('[H3][R1] portRpc speaks comlink’s wire format', () => {
  it('answers comlink’s calls of the listed functions, with values and with thrown errors', async () => {
    const { port1, port2 } = new MessageChannel();
    servePort(port1, {
      getToken: async () => 'token-1',
      report: (event) => `got ${JSON.stringify(event)}`,
      fail: () => Promise.reject(new Error('no token')),
    });
    const host = wrap<{ getToken(): Promise<string>; report(event: unknown): Promise<string>; fail(): Promise<never> }>(
      port2,
    );
    expect(await host.getToken()).toBe('token-1');
    expect(await host.report({ type: 'route' })).toBe('got {"type":"route"}');
    await expect(host.fail()).rejects.toThrow('no token');
    port1.close();
  });

  it('drops what is not a call of an own listed function: property reads and prototype paths', async () => {
    const { port1, port2 } = new MessageChannel();
    servePort(port1, { getToken: async () => 'token-1' });
    const answers: unknown[] = [];
    port2.onmessage = ({ data }) => answers.push(data);
    port2.postMessage({ id: 'get', type: 'GET', path: ['getToken'] });
    port2.postMessage({ id: 'proto', type: 'APPLY', path: ['constructor'], argumentList: [] });
    port2.postMessage({ id: 'deep', type: 'APPLY', path: ['getToken', 'call'], argumentList: [] });
    port2.postMessage({ id: 'ok', type: 'APPLY', path: ['getToken'], argumentList: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toEqual([{ id: 'ok', type: 'RAW', value: 'token-1' }]);
    port1.close();
  });

  it('calls what comlink exposes and rejects with the message of what it threw', async () => {
    const { port1, port2 } = new MessageChannel();
    expose({ navigate: (path: string) => `at ${path}`, setUser: () => Promise.reject(new Error('refused')) }, port2);
    const call = portCaller(port1);
    expect(await call('navigate', '/dashboards')).toBe('at /dashboards');
    await expect(call('setUser', {})).rejects.toThrow('refused');
    port1.close();
  });
});
