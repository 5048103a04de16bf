import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchBuildId,
  isUpdatePending,
  markUpdatePending,
  reloadIntoUpdate,
  restorePendingRoute,
  startVersionWatch,
} from './version';

function fetchReturning(...ids: (string | null)[]) {
  let n = 0;
  return vi.fn(async () => {
    const id = ids[Math.min(n++, ids.length - 1)];
    return id === null ? new Response('<html>', { status: 200 }) : Response.json({ buildId: id });
  }) as unknown as typeof fetch;
}

afterEach(() => {
  vi.useRealTimers();
  markUpdatePending(false);
});

describe('new version detection', () => {
  it('reads the build id and ignores a non-JSON answer', async () => {
    expect(await fetchBuildId(fetchReturning('b1'))).toBe('b1');
    expect(await fetchBuildId(fetchReturning(null))).toBeNull();
  });

  it('polls every 20 s and reports a changed build once', async () => {
    vi.useFakeTimers();
    const onNew = vi.fn();
    const fetchFn = fetchReturning('b1', 'b1', 'b2', 'b3');
    startVersionWatch(onNew, { currentBuildId: 'b1', fetchFn });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onNew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(isUpdatePending()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('on the next navigation stores the target, reloads and restores it', () => {
    const reload = vi.fn();
    expect(reloadIntoUpdate('/settings/users?page=2', reload)).toBe(false);
    markUpdatePending();
    expect(reloadIntoUpdate('/settings/users?page=2', reload)).toBe(true);
    expect(reload).toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
    expect(restorePendingRoute()).toBe('/settings/users?page=2');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/settings/users?page=2');
    expect(restorePendingRoute()).toBeNull();
  });
});
