// A local SMTP server for development and tests (nodemailer's smtp-server, parsed with mailparser):
// it accepts every mail on loopback without authentication and keeps it in a folder
// (devMailbox.ts) and in memory. `npm start` runs one; API tests start their own.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DevMail } from './devMailbox.ts';

export interface ReceivedMail extends DevMail {
  /** The attachments' bytes, by file name in the folder. */
  files: Map<string, Buffer>;
}

export interface DevMailServer {
  port: number;
  /** Every mail received so far, oldest first. */
  readonly mails: ReceivedMail[];
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((entry) => entry.value.map((address) => address.address ?? ''))
    .filter(Boolean);

const safeFile = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'file';

export async function startDevMailServer(options: {
  dir: string;
  port?: number;
  host?: string;
}): Promise<DevMailServer> {
  await mkdir(options.dir, { recursive: true });
  const mails: ReceivedMail[] = [];
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const receivedAt = new Date();
        const id = `${receivedAt.getTime()}-${String(counter++).padStart(4, '0')}`;
        simpleParser(raw)
          .then(async (parsed) => {
            const files = new Map<string, Buffer>();
            const attachments = parsed.attachments.map((attachment, index) => {
              const file = `${index + 1}-${safeFile(attachment.filename ?? 'attachment')}`;
              files.set(file, attachment.content);
              return {
                filename: attachment.filename ?? file,
                content_type: attachment.contentType,
                size: attachment.size,
                file,
              };
            });
            const mail: ReceivedMail = {
              id,
              from: addresses(parsed.from)[0] ?? '',
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              received_at: receivedAt.toISOString(),
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              attachments,
              files,
            };
            const folder = join(options.dir, id);
            await mkdir(folder, { recursive: true });
            await writeFile(join(folder, 'message.eml'), raw);
            for (const [file, bytes] of files) await writeFile(join(folder, file), bytes);
            const { files: _files, ...meta } = mail;
            await writeFile(join(folder, 'meta.json'), JSON.stringify(meta, null, 2));
            mails.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
