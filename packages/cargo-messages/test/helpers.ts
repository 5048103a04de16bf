import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Issue } from '../src/index';

export function fixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
}

export const codes = (issues: readonly Issue[]): string[] => issues.map((i) => i.code);
export const errors = (issues: readonly Issue[]): Issue[] => issues.filter((i) => i.severity === 'error');
