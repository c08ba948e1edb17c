import { transformSync } from 'esbuild'; import { gzipSync } from 'node:zlib'; import { readFileSync } from 'node:fs';
const f = (p) => gzipSync(transformSync(readFileSync(p, 'utf8'), { minify: true, format: 'esm' }).code, { level: 9 }).length;
for (const d of process.argv.slice(2)) console.log(d, 'esm', f(`${d}/index.js`), 'iife', f(`${d}/payportal-embed.iife.js`));
