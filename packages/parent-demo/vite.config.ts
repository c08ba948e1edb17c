import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The demo imports the SDK's built package (its dist), as a customer would.
export default defineConfig({
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
