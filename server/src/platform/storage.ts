import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from './config';

/**
 * Where files (attachments) are kept (decision 025). The database holds what a file is and its key; the bytes live in a
 * `FileStorage`. The interface is the small set of operations an object store offers, so an S3-compatible store can
 * implement it with PutObject (multipart upload for streams), GetObject, DeleteObject and HeadObject, and the
 * application code does not change.
 *
 * Keys are made by the caller (random, never from user input) and written once: `put` of an existing key is not a
 * use case. Keys are `/`-separated lowercase words, digits, `-` and `_`.
 */
export interface FileStorage {
  /** Stores the bytes under `key`; the object appears whole or not at all. Returns the bytes written. */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  /** The bytes of `key` as a stream; a missing key is a StorageNotFound. */
  get(key: string): Promise<Readable>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The size of `key`, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFound';
  }
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/** Checks a key: a caller's bug (a key with `..`, a slash at an end, other characters) must never reach the disk. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** A fresh random key under `prefix` (e.g. "attachments/2026/11/<uuid>"). */
export function newStorageKey(prefix: string, now: Date): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return checkKey(`${prefix}/${month}/${randomUUID()}`);
}

/**
 * Files in a directory of the local disk: the key is the path below it. A put writes a temporary file next to the
 * target and renames it into place, so a reader never sees half a file and a failed upload leaves nothing behind.
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(directory: string) {
    this.root = resolve(directory);
  }

  private pathOf(key: string): string {
    const path = join(this.root, ...checkKey(key).split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key ${key} leaves the storage directory`);
    return path;
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.part`;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    // The file is opened before any byte flows, so a failure removes a file that exists (a stream that opens
    // lazily could create it after the removal).
    const handle = await open(temporary, 'wx', 0o640);
    try {
      await pipeline(source, handle.createWriteStream());
      await rename(temporary, path);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: (await stat(path)).size };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      const handle = await open(path, 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFound(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

/** The file storage the configuration names. */
export function createFileStorage(config: Config['attachmentStorage']): FileStorage {
  switch (config.kind) {
    case 'local':
      return new LocalDiskStorage(config.directory);
  }
}
