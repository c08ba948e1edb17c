import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// No '@payportal/source' condition here: the demo imports the SDK's built package, as a customer would.
export default defineConfig({
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
