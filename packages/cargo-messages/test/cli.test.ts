import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/cargo-messages.js', import.meta.url));
const fx = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('the cargo-messages command', { timeout: 60_000 }, () => {
  it('parse prints type, version, message and issues as one JSON object and exits 0 without errors', () => {
    const r = run('parse', fx('fwb-17-basic.txt'));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['type', 'version', 'message', 'issues']);
    expect(out).toMatchObject({
      type: 'FWB',
      version: 17,
      message: { awb: '777-12345675', origin: 'BOM' },
      issues: [],
    });
  });

  it('parse exits 1 when an issue is an error and reports line, column, code, severity and text', () => {
    const r = run('parse', fx('ffa-4-old-serial-deviant.txt'));
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.issues[0]).toEqual({ line: 2, column: 5, code: 'BAD_AWB', severity: 'error', text: expect.any(String) });
  });

  it('parses a parse-only AHM telegram and exits 1 when asked to generate it', () => {
    const parsed = run('parse', fx('cpm-basic.txt'));
    expect(parsed.status).toBe(0);
    expect(JSON.parse(parsed.stdout)).toMatchObject({ type: 'CPM', message: { station: 'SVO' } });
    const dir = mkdtempSync(join(tmpdir(), 'cargo-messages-'));
    const file = join(dir, 'cpm.json');
    writeFileSync(file, parsed.stdout);
    const g = run('generate', file);
    expect(g.status).toBe(1);
    expect(g.stderr).toContain('CPM is parse-only');
  });

  it('parse includes the Type B envelope and names SSIM files SSIM', () => {
    const env = JSON.parse(run('parse', fx('typeb-ffm-envelope.txt')).stdout);
    expect(env).toMatchObject({ type: 'FFM', version: 8, envelope: { priority: 'QK', origin: 'MOWRMSU' } });
    const ssim = run('parse', fx('ssim-local-time.txt'));
    expect(ssim.status).toBe(0);
    expect(JSON.parse(ssim.stdout)).toMatchObject({ type: 'SSIM', version: null });
  });

  it('detect prints type and version', () => {
    const r = run('detect', fx('typeb-fsu-double-signature.txt'));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ type: 'FSU', version: 15 });
  });

  it('generate prints the text of the JSON that parse printed, with its envelope', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-messages-'));
    const parsed = JSON.parse(run('parse', fx('typeb-ffm-envelope.txt')).stdout);
    const file = join(dir, 'ffm.json');
    writeFileSync(file, JSON.stringify(parsed));
    const r = run('generate', file);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      'QK MOWFMSU LEDFFSU\n.MOWRMSU 051230\nFFM/8\n1/SU2578/14MAR1130/SVO/RA-73190\nLED\n555-12345675SVOLED/T5K46MC0.12/NEWSPAPERS\nLAST\nNNNN\n',
    );
  });

  it('exits 2 on an unknown command, a missing file argument or an unreadable file', () => {
    expect(run('frobnicate', fx('fwb-17-basic.txt')).status).toBe(2);
    expect(run('parse').status).toBe(2);
    expect(run('parse', '/nonexistent/file.txt').status).toBe(2);
    expect(run().status).toBe(2);
  });

  it('exits 2 when generate gets a file that is not the JSON parse prints', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cargo-messages-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"type":"XYZ","message":{}}');
    expect(run('generate', file).status).toBe(2);
    writeFileSync(file, 'not json');
    expect(run('generate', file).status).toBe(2);
  });
});
