import { describe, expect, it } from 'vitest';
import { FRAME_NOTICES } from '@payportal/shared/protocol/wire';
import { readFrameEvent } from './readFrameEvent.ts';

describe('[V2] readFrameEvent (the host has no zod)', () => {
  it('copies only the known fields of a valid event', () => {
    const event = readFrameEvent({
      ...JSON.parse('{"__proto__":{"polluted":true},"extra":1}'),
      type: 'route',
      path: '/dashboards',
    });
    expect(event).toEqual({ type: 'route', path: '/dashboards' });
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
  });

  it('[M6] reads who support staff are viewing and whether read-only; anything malformed reads as no impersonation', () => {
    const viewing = { user: 'owner@acme.example', by: 'support@payportal.example' };
    expect(
      readFrameEvent({ type: 'session', isEmbedded: false, isOwner: true, impersonating: viewing, readOnly: true }),
    ).toEqual({
      type: 'session',
      isEmbedded: false,
      isOwner: true,
      impersonating: viewing,
      readOnly: true,
    });
    expect(
      readFrameEvent({
        type: 'session',
        isEmbedded: false,
        isOwner: true,
        impersonating: { user: 7, by: 'x' },
        readOnly: 'yes',
      }),
    ).toEqual({
      type: 'session',
      isEmbedded: false,
      isOwner: true,
      impersonating: null,
      readOnly: false,
    });
  });

  it("[M4] keeps a refused token's reason when it is a code", () => {
    expect(readFrameEvent({ type: 'tokenRejected', reason: 'partner/replayed' })).toEqual({
      type: 'tokenRejected',
      reason: 'partner/replayed',
    });
    expect(readFrameEvent({ type: 'tokenRejected', reason: 'Not A Code!' })).toEqual({ type: 'tokenRejected' });
  });

  it.each([
    ['a non-object', 'route'],
    ['null', null],
    ['an unknown type', { type: 'logout' }],
    ['a path to another host', { type: 'route', path: '//evil.example' }],
    ['an oversized path', { type: 'route', path: `/${'a'.repeat(2048)}` }],
    ['a fractional height', { type: 'height', height: 1.5 }],
    ['a negative height', { type: 'height', height: -1 }],
    ['a session report without flags', { type: 'session', isEmbedded: 'yes' }],
  ])('refuses %s', (_, value) => {
    expect(readFrameEvent(value)).toBeNull();
  });
});

describe('[M2] readFrameEvent notices', () => {
  it.each(FRAME_NOTICES)('reads %s, like every notice of the protocol', (type) => {
    expect(readFrameEvent({ type, extra: 1 })).toEqual({ type });
  });
});

describe('[M5] the reason of an unauthorized report', () => {
  it.each(['disabled', 'api/forbidden', 'frame/token-of-another-user'])('keeps the code %s', (reason) => {
    expect(readFrameEvent({ type: 'unauthorized', reason })).toEqual({ type: 'unauthorized', reason });
  });

  it.each([
    ['text', 'Please contact support'],
    ['markup', '<img src=x>'],
    ['a number', 7],
    ['an oversized code', `a/${'b'.repeat(64)}`],
  ])('drops %s and keeps the notice', (_, reason) => {
    expect(readFrameEvent({ type: 'unauthorized', reason })).toEqual({ type: 'unauthorized' });
  });
});
