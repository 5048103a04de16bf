import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { checkKey, createFileStorage, LocalDiskStorage, newStorageKey, StorageNotFound } from './storage';

const root = mkdtempSync(join(tmpdir(), 'aircargo-storage-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = new LocalDiskStorage(root);

function files(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('LocalDiskStorage', () => {
  it('puts a buffer or a stream, gets it back, tells its size and deletes it', async () => {
    expect(await storage.put('a/b/one', Buffer.from('first'))).toEqual({ size: 5 });
    expect(await storage.put('a/two', Readable.from([Buffer.from('sec'), Buffer.from('ond')]))).toEqual({ size: 6 });
    expect(await text(await storage.get('a/b/one'))).toBe('first');
    expect(await text(await storage.get('a/two'))).toBe('second');
    expect(await storage.stat('a/two')).toEqual({ size: 6 });
    await storage.delete('a/two');
    expect(await storage.stat('a/two')).toBeNull();
    await expect(storage.get('a/two')).rejects.toBeInstanceOf(StorageNotFound);
    await storage.delete('a/two');
  });

  it('leaves nothing behind when the stream fails half-way', async () => {
    const before = files().length;
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('broken/one', failing)).rejects.toThrow('connection reset');
    expect(files().length).toBe(before);
    expect(await storage.stat('broken/one')).toBeNull();
  });

  it('refuses keys that could leave its directory or are not its plain form', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'A/b', 'a/b/', 'a\\b', '', 'a/.hidden']) {
      expect(() => checkKey(key), key).toThrow('invalid storage key');
    }
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  it('makes fresh keys by month under a prefix', () => {
    const key = newStorageKey('attachments', new Date('2026-11-27T10:00:00Z'));
    expect(key).toMatch(/^attachments\/2026\/11\/[0-9a-f-]{36}$/);
    expect(newStorageKey('attachments', new Date())).not.toBe(key);
  });

  it('is what the configuration names', () => {
    expect(createFileStorage({ kind: 'local', directory: root })).toBeInstanceOf(LocalDiskStorage);
  });
});
