import { ConfigError } from '@payportal/shared/config';
import { describe, expect, it } from 'vitest';
import { listenHost, readApiConfig } from './config.ts';
import { portalBrowserConfig } from './web/appHost.ts';

describe('API configuration', () => {
  it('refuses an emulator host in production, because emulator tokens are unsigned', () => {
    expect(() =>
      readApiConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_API_KEY: 'key' }),
    ).toThrow(ConfigError);
  });

  it('a non-production deployment names the portal standalone visitors go to; production refuses it; the page carries it', () => {
    const config = readApiConfig({
      NODE_ENV: 'development',
      NON_PRODUCTION_REDIRECT_URL: 'https://sandbox.payportal.example/',
    });
    expect(portalBrowserConfig(config).redirectStandaloneTo).toBe('https://sandbox.payportal.example/');
    expect(portalBrowserConfig(readApiConfig({ NODE_ENV: 'development' }))).not.toHaveProperty('redirectStandaloneTo');
    expect(() =>
      readApiConfig({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'p',
        FIREBASE_API_KEY: 'key',
        NON_PRODUCTION_REDIRECT_URL: 'https://sandbox.payportal.example/',
      }),
    ).toThrow(/NON_PRODUCTION_REDIRECT_URL: must not be set in production/);
  });

  it('listens on loopback only while it talks to the emulator', () => {
    expect(listenHost(readApiConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }))).toBe(
      'localhost',
    );
    expect(
      listenHost(readApiConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'key' })),
    ).toBe('0.0.0.0');
  });

  it('lists each wrong value', () => {
    try {
      readApiConfig({ PORT: 'http', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual(['PORT', 'LOG_LEVEL']);
    }
  });

  it('takes a ClickHouse cluster’s shards in order, beginning with CLICKHOUSE_URL', () => {
    const cluster = { NODE_ENV: 'test', ANALYTICS_ENGINE: 'clickhouse', CLICKHOUSE_URL: 'http://ch-1:8123' };
    expect(
      readApiConfig({ ...cluster, CLICKHOUSE_SHARD_URLS: 'http://ch-1:8123, http://ch-2:8123' }).CLICKHOUSE_SHARD_URLS,
    ).toEqual(['http://ch-1:8123', 'http://ch-2:8123']);
    expect(readApiConfig(cluster).CLICKHOUSE_SHARD_URLS).toBeUndefined();
    try {
      readApiConfig({ ...cluster, CLICKHOUSE_SHARD_URLS: 'http://ch-2:8123,http://ch-1:8123' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'CLICKHOUSE_SHARD_URLS: must begin with CLICKHOUSE_URL (the shard queries are sent to) (got "http://ch-2:8123,http://ch-1:8123")',
      ]);
    }
  });

  it('caps the impersonation token at 15 minutes: shorter may be configured, longer is refused', () => {
    expect(readApiConfig({ NODE_ENV: 'test' }).IMPERSONATION_TOKEN_TTL_MS).toBe(15 * 60_000);
    expect(readApiConfig({ NODE_ENV: 'test', IMPERSONATION_TOKEN_TTL_MS: '60000' }).IMPERSONATION_TOKEN_TTL_MS).toBe(
      60_000,
    );
    expect(() => readApiConfig({ NODE_ENV: 'test', IMPERSONATION_TOKEN_TTL_MS: String(15 * 60_000 + 1) })).toThrow(
      ConfigError,
    );
  });
});
