// `npm run codes`: prints what the identity emulator "sent" (e-mail action links, SMS codes).
import { readInbox } from '@payportal/api/code-inbox';
import { readStackConfig, stackUrls } from './stackConfig.ts';

const config = readStackConfig();
const urls = stackUrls(config);
try {
  const entries = await readInbox(urls.emulator, config.FIREBASE_PROJECT_ID, urls.app);
  if (entries.length === 0) console.log('Nothing sent yet.');
  for (const entry of entries) {
    console.log(
      `${entry.kind === 'email' ? 'E-mail' : 'SMS   '}  ${entry.to}  ${entry.what}  code ${entry.code}${entry.link ? `\n        ${entry.link}` : ''}`,
    );
  }
} catch {
  console.error(`The identity emulator does not answer at ${urls.emulator}. Is "npm start" running?`);
  process.exit(1);
}
