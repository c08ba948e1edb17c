/// <reference types="vitest/config" />
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  test: {
    name: 'app',
    environment: 'happy-dom',
    // A safety net sized for a busy machine, not a synchronisation (every test waits on what it reads):
    // vitest's 5 s default is an idle machine's. The longest screen test, a whole question built key by
    // key in happy-dom, took 1.8 s on a quiet clean clone and 5.3 s at a load average of 11 (2 cores).
    testTimeout: 30_000,
    environmentOptions: {
      happyDOM: {
        settings: {
          disableIframePageLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
        },
      },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/testSetup.ts'],
  },
});
