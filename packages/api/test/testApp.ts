// The app as the tests see it: the real createApp over a seeded database, tokens from the emulator.
import { inject } from 'vitest';
import { createApp } from '../src/app.ts';
import { readApiConfig, type ApiConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { TEST_PROJECT_ID } from './globalSetup.ts';

export function testConfig(overrides: Record<string, string> = {}): ApiConfig {
  return readApiConfig({
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    APP_DIST: '/nonexistent-app-build',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTHENTICATE_RATE_LIMIT: '10000',
    ...overrides,
  });
}

export function createTestApp(db: Database, overrides: Record<string, string> = {}) {
  return createApp({ config: testConfig(overrides), db });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
