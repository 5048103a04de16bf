/**
 * npm run lint runs this: the server's modules (server/src/modules/<module>/) keep to their own data access.
 * - No module imports another module's repository: it calls that module's service instead (decision 008).
 * - Services do not import each other in a cycle.
 * Prints each violation and exits 1 when there is any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceFile {
  /** Path relative to the modules folder, with forward slashes: `companies/companies.service.ts`. */
  path: string;
  text: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const re of [IMPORT, DYNAMIC]) for (const m of text.matchAll(re)) out.push(m[1]!);
  return out;
}

/** `companies/companies.service.ts` importing `../users/users.repository` -> `users/users.repository`. */
function target(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const joined = join(dirname(from), specifier).split(sep).join('/');
  return joined.startsWith('..') ? null : joined.replace(/\.(ts|js)$/, '');
}

const moduleOf = (path: string) => path.split('/')[0]!;

export function findViolations(files: SourceFile[]): string[] {
  const problems: string[] = [];
  const serviceEdges = new Map<string, Set<string>>();
  for (const file of files) {
    const own = moduleOf(file.path);
    for (const specifier of importsOf(file.text)) {
      const to = target(file.path, specifier);
      if (!to) continue;
      const other = moduleOf(to);
      if (other !== own && /\.repository$/.test(to)) {
        problems.push(`${file.path}: imports ${other}'s repository (${specifier}); call the ${other} service instead`);
      }
      if (other !== own && /\.service\.ts$/.test(file.path) && /\.service$/.test(to)) {
        const edges = serviceEdges.get(own) ?? new Set<string>();
        edges.add(other);
        serviceEdges.set(own, edges);
      }
    }
  }
  // Cycles among the services (depth-first search over the module graph).
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of serviceEdges.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        problems.push(`service import cycle: ${cycle.join(' -> ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...serviceEdges.keys()].sort()) if (!state.has(node)) visit(node);
  return problems;
}

export function readModules(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        files.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}

const modulesRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../server/src/modules');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = findViolations(readModules(modulesRoot));
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log('module imports: ok');
}
