import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { queryRows } from './db';
import { type ListenConnection, type ListenDriver, Notifications } from './notifications';

const database = await createTestDatabase();
const db = database.db;
const onPostgres = database.kind === 'postgresql';

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the notification listener on the database', () => {
  it('delivers each channel to its subscribers only, over one connection, until they leave', async () => {
    const notifications = new Notifications(database.listenDriver);
    expect(notifications.status()).toMatchObject({ state: 'idle', channels: [] });
    const heard: string[] = [];
    const states: string[] = [];
    const stopA1 = await notifications.subscribe('chan_a', {
      onPayload: (p) => heard.push(`a1:${p}`),
      onState: (live) => states.push(`a1:${live}`),
    });
    await notifications.subscribe('chan_a', { onPayload: (p) => heard.push(`a2:${p}`) });
    await notifications.subscribe('chan_b', { onPayload: (p) => heard.push(`b:${p}`) });
    expect(notifications.status()).toMatchObject({ state: 'live', channels: ['chan_a', 'chan_b'], reconnects: 0 });
    expect(states).toEqual(['a1:true']);

    await db.execute(sql`select pg_notify('chan_a', 'one'), pg_notify('chan_b', 'two'), pg_notify('chan_c', 'x')`);
    await until(() => heard.length >= 3, 'three deliveries');
    expect(heard.sort()).toEqual(['a1:one', 'a2:one', 'b:two']);

    await stopA1();
    heard.length = 0;
    await db.execute(sql`select pg_notify('chan_a', 'again')`);
    await until(() => heard.length >= 1, 'a delivery');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['a2:again']);

    await notifications.close();
    expect(notifications.status().state).toBe('closed');
    await expect(notifications.subscribe('chan_a', { onPayload: () => undefined })).rejects.toThrow('closed');
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    const notifications = new Notifications(database.listenDriver);
    await expect(notifications.subscribe('bad"; drop table x; --', { onPayload: () => undefined })).rejects.toThrow(
      'not a channel name',
    );
    await notifications.close();
  });
});

/** A driver whose connections the test breaks and whose connects it fails. */
function fakeDriver() {
  let failNext = 0;
  const connections: { channels: Set<string>; lose(error: Error): void; closed: boolean }[] = [];
  const driver: ListenDriver = {
    async connect({ onLost }): Promise<ListenConnection> {
      if (failNext > 0) {
        failNext--;
        throw new Error('connection refused');
      }
      const conn = { channels: new Set<string>(), lose: (e: Error) => onLost(e), closed: false };
      connections.push(conn);
      return {
        listen: async (c) => void conn.channels.add(c),
        unlisten: async (c) => void conn.channels.delete(c),
        close: async () => {
          conn.closed = true;
        },
      };
    },
  };
  return { driver, connections, failConnects: (n: number) => (failNext = n) };
}

describe('the notification listener after a lost connection', () => {
  it('tells the subscribers, backs off while connects fail, then listens to every channel again', async () => {
    const fake = fakeDriver();
    const notifications = new Notifications(fake.driver, { baseDelayMs: 5, maxDelayMs: 20 });
    const states: boolean[] = [];
    await notifications.subscribe('auth_change', { onPayload: () => undefined, onState: (l) => states.push(l) });
    await notifications.subscribe('jobs', { onPayload: () => undefined });
    expect(fake.connections).toHaveLength(1);
    expect([...fake.connections[0]!.channels].sort()).toEqual(['auth_change', 'jobs']);

    fake.failConnects(3);
    fake.connections[0]!.lose(new Error('server closed the connection'));
    expect(notifications.status()).toMatchObject({ state: 'down', last_error: 'server closed the connection' });
    expect(states).toEqual([true, false]);
    expect(fake.connections[0]!.closed).toBe(true);

    await until(() => notifications.live, 'the listener to come back');
    expect(fake.connections).toHaveLength(2);
    expect([...fake.connections[1]!.channels].sort()).toEqual(['auth_change', 'jobs']);
    expect(notifications.status()).toMatchObject({ state: 'live', reconnects: 4 });
    // Down once, live again once: failed connects in between do not repeat the news.
    expect(states).toEqual([true, false, true]);
    await notifications.close();
  });

  it('subscribes while down and hears that it is live once the connection is back', async () => {
    const fake = fakeDriver();
    fake.failConnects(2);
    const notifications = new Notifications(fake.driver, { baseDelayMs: 5, maxDelayMs: 10 });
    const states: boolean[] = [];
    await notifications.subscribe('jobs', { onPayload: () => undefined, onState: (l) => states.push(l) });
    expect(states).toEqual([false]);
    await until(() => notifications.live, 'the first connection');
    expect(states).toEqual([false, true]);
    expect([...fake.connections[0]!.channels]).toEqual(['jobs']);
    await notifications.close();
  });
});

describe.skipIf(!onPostgres)('the notification listener on a PostgreSQL server', () => {
  it('reconnects after its backend is terminated and delivers again', async () => {
    const notifications = new Notifications(database.listenDriver, { baseDelayMs: 20, maxDelayMs: 100 });
    const heard: string[] = [];
    await notifications.subscribe('chan_r', { onPayload: (p) => heard.push(p ?? '') });
    const terminated = await queryRows<{ ok: boolean }>(
      db,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect(terminated.map((r) => r.ok)).toEqual([true]);
    await until(() => notifications.status().state !== 'live', 'the loss to be noticed');
    await until(() => notifications.live, 'the listener to come back');
    expect(notifications.status().reconnects).toBeGreaterThanOrEqual(1);
    await db.execute(sql`select pg_notify('chan_r', 'after')`);
    await until(() => heard.includes('after'), 'a delivery after reconnecting');
    await notifications.close();
  });
});
