// The SHA-256 computed as an upload's bytes arrive (uploads/receivedHashes.ts): the file's own digest
// when every byte went through in order, and nothing (the processor reads the file again) otherwise.
import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { createReceivedHashes, type ReceivedHashes } from '../src/uploads/receivedHashes.ts';

const file = Buffer.from('tx_ref,mid\nA1,M-1\nA2,M-2\n'.repeat(50));
const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

async function send(hashes: ReceivedHashes, id: string, from: number, to: number): Promise<void> {
  const tap = hashes.tap(id, from);
  await pipeline(Readable.from([file.subarray(from, to)]), tap.stream, sink());
  tap.written(to);
}

describe('received hashes', () => {
  it('[U14] give the file’s SHA-256 when its bytes arrived in order, in several writes', async () => {
    const hashes = createReceivedHashes();
    await send(hashes, '1', 0, 100);
    await send(hashes, '1', 100, file.length);
    expect(hashes.take('1', file.length)).toBe(createHash('sha256').update(file).digest('hex'));
    expect(hashes.take('1', file.length), 'taken once').toBeNull();
  });

  it('[U14] give nothing after a gap, a write that failed, a restart (another process) or a short file', async () => {
    const hashes = createReceivedHashes();
    await send(hashes, 'gap', 0, 100);
    await send(hashes, 'gap', 150, file.length);
    expect(hashes.take('gap', file.length)).toBeNull();

    const tap = hashes.tap('cut', 0);
    await pipeline(Readable.from([file.subarray(0, 100)]), tap.stream, sink());
    tap.failed();
    await send(hashes, 'cut', 100, file.length);
    expect(hashes.take('cut', file.length)).toBeNull();

    await send(createReceivedHashes(), 'restart', 0, 100);
    await send(hashes, 'restart', 100, file.length);
    expect(hashes.take('restart', file.length)).toBeNull();

    await send(hashes, 'short', 0, 100);
    expect(hashes.take('short', file.length)).toBeNull();
  });
});
