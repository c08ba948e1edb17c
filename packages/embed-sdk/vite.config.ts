/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// Two builds of one entry: ESM for bundlers (with types from tsc) and an IIFE for a <script> tag
// that defines the global `PayPortal`.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: {
      entry: 'src/index.ts',
      name: 'PayPortal',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'index.js' : 'payportal-embed.iife.js'),
    },
  },
  test: {
    name: 'embed-sdk',
    environment: 'happy-dom',
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
  },
});
