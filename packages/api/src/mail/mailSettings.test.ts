// [M7] (SECURITY.md "Scheduled mail"): production mails over TLS with links to the public address, and
// the start names every mail setting that is wrong at once.
import { describe, expect, it } from 'vitest';
import { configProblems } from '../../test/configProblems.ts';
import { mailSettingProblems, usesTls } from './mailSettings.ts';

const DEPLOYED = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'key' };

describe('[M7] mail settings in production', () => {
  it('takes smtps:// or STARTTLS made compulsory, and nothing else', () => {
    expect(usesTls('smtps://user:pass@mail.example:465')).toBe(true);
    expect(usesTls('smtp://user:pass@mail.example:587?requireTLS=true')).toBe(true);
    expect(usesTls('smtp://user:pass@mail.example:587')).toBe(false);
    expect(usesTls('smtp://mail.example:587?requireTLS=false')).toBe(false);
  });

  it('refuses to start with plain SMTP and a loopback PUBLIC_URL, naming both', () => {
    expect(
      configProblems({ ...DEPLOYED, SMTP_URL: 'smtp://mail.example:25', PUBLIC_URL: 'http://localhost:8787' }),
    ).toEqual([
      expect.stringMatching(/^SMTP_URL: must use TLS in production/),
      expect.stringMatching(/^PUBLIC_URL: must be the portal’s public address in production/),
    ]);
    expect(configProblems({ ...DEPLOYED, PUBLIC_URL: 'http://127.0.0.1' })).toHaveLength(1);
    expect(mailSettingProblems({ SMTP_URL: 'smtps://mail.example' })).toEqual([
      ['PUBLIC_URL', expect.stringMatching(/is required in production when SMTP_URL is set/)],
    ]);
  });

  it('starts with TLS mail and a public address; development keeps its local relay', () => {
    expect(
      configProblems({ ...DEPLOYED, SMTP_URL: 'smtps://mail.example:465', PUBLIC_URL: 'https://portal.example.com' }),
    ).toEqual([]);
    expect(configProblems({ ...DEPLOYED })).toEqual([]);
    expect(
      configProblems({
        NODE_ENV: 'development',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_URL: 'http://localhost:5173',
      }),
    ).toEqual([]);
  });
});
