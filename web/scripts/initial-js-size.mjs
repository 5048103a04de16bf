// Gzipped JavaScript a first visit to a page downloads: the entry, its static imports, and the lazy chunks the page's
// routes load (with their static imports). Run after `vite build`: node scripts/initial-js-size.mjs [route sources...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const routes = process.argv.slice(2);
const sources = routes.length ? routes : ['src/app/layouts/landing-layout.tsx', 'src/features/auth/routes/sign-in.tsx'];

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect('index.html');
for (const source of sources) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
  collect(source);
}

let raw = 0;
let gzip = 0;
for (const file of files) {
  const content = readFileSync(join(dist, file));
  raw += content.length;
  gzip += gzipSync(content, { level: 9 }).length;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`${files.size} JS files for ${sources.join(' + ')}: ${kib(raw)} raw, ${kib(gzip)} gzipped`);
if (gzip > 250 * 1024) {
  console.error('Over the 250 KiB budget');
  process.exit(1);
}
