// The app's Content-Security-Policy. frame-ancestors names exactly the configured
// partner origins; there is no X-Frame-Options, which cannot express a list.
import type { ApiConfig } from '../config.ts';

/** Firebase Authentication's hosts in production, and reCAPTCHA for the SMS second factor. */
const IDENTITY_HOSTS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const RECAPTCHA_HOSTS = ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];

export function appContentSecurityPolicy(config: ApiConfig): string {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...(emulator.length ? [] : RECAPTCHA_HOSTS)],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...emulator, ...(emulator.length ? [] : IDENTITY_HOSTS)],
    'frame-src': emulator.length ? ["'none'"] : RECAPTCHA_HOSTS,
    'frame-ancestors': ["'self'", ...config.PARTNER_ORIGINS],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
