import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const workspaces = readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name));

describe('workspace package exports', () => {
  it.each(workspaces.map((dir) => [dir.slice(root.length + 1), dir]))('%s exports only files that exist', (_, dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    for (const [entry, target] of Object.entries(manifest.exports ?? {})) {
      // A pattern export (`./*`) needs its folder; a plain one its file.
      const path = join(dir, target.includes('*') ? dirname(target) : target);
      expect(existsSync(path), `${entry} -> ${target}`).toBe(true);
    }
  });
});
