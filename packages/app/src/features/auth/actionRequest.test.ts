import { describe, expect, it } from 'vitest';
import { parseActionRequest } from './actionRequest.ts';

describe('parseActionRequest', () => {
  it('reads mode, oobCode, continueUrl and lang, with lang defaulting to en', () => {
    expect(parseActionRequest('?mode=verifyEmail&oobCode=abc')).toEqual({
      mode: 'verifyEmail',
      oobCode: 'abc',
      lang: 'en',
    });
    expect(parseActionRequest('mode=resetPassword&oobCode=x&continueUrl=https%3A%2F%2Fportal.example&lang=de')).toEqual(
      {
        mode: 'resetPassword',
        oobCode: 'x',
        continueUrl: 'https://portal.example',
        lang: 'de',
      },
    );
  });

  it('answers null for other modes, a missing code or oversized values', () => {
    expect(parseActionRequest('mode=recoverEmail&oobCode=abc')).toBeNull();
    expect(parseActionRequest('mode=verifyEmail')).toBeNull();
    expect(parseActionRequest(`mode=verifyEmail&oobCode=${'a'.repeat(2001)}`)).toBeNull();
    expect(parseActionRequest('')).toBeNull();
  });
});
