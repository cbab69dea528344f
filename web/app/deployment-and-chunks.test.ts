import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  ChunkLoadError,
  importWithReload,
  isChunkLoadError,
  shouldReloadForChunkError,
} from '../lib/chunk-reload.ts';
import { DEPLOYMENT_POLL_INTERVAL_MS, fetchBuildMetadata, isNewDeployment } from './deployment-poller.ts';

describe('new-deployment detection', () => {
  it('polls every 60 seconds', () => {
    expect(DEPLOYMENT_POLL_INTERVAL_MS).toBe(60_000);
  });

  it('sees a new deployment when the published build id differs from the running one', () => {
    expect(isNewDeployment('b1', { id: 'b2', built_at: '2026-11-22T10:00:00Z' })).toBe(true);
    expect(isNewDeployment('b1', { id: 'b1', built_at: '2026-11-22T10:00:00Z' })).toBe(false);
    expect(isNewDeployment('b1', null)).toBe(false);
  });

  it('reads builds/latest.json without the cache and ignores a missing or malformed file', async () => {
    let init: RequestInit | undefined;
    const ok = (async (_input: RequestInfo | URL, given?: RequestInit) => {
      init = given;
      return new Response(JSON.stringify({ id: 'b9', built_at: 'now' }));
    }) as typeof fetch;
    expect(await fetchBuildMetadata(ok)).toEqual({ id: 'b9', built_at: 'now' });
    expect(init?.cache).toBe('no-store');
    expect(await fetchBuildMetadata((async () => new Response('nope', { status: 404 })) as typeof fetch)).toBeNull();
    expect(await fetchBuildMetadata((async () => new Response('{"id":3}')) as typeof fetch)).toBeNull();
    expect(
      await fetchBuildMetadata((async () => {
        throw new TypeError('offline');
      }) as typeof fetch),
    ).toBeNull();
  });
});

describe('the chunk-load reload guard', () => {
  it('reloads when no reload happened before', () => {
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true);
  });

  it('does not reload again within 10 seconds', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReloadForChunkError(1_009_999, 1_000_000)).toBe(false);
  });

  it('reloads again once 10 seconds have passed', () => {
    expect(shouldReloadForChunkError(1_010_000, 1_000_000)).toBe(true);
  });

  it('is not fooled by a clock that went backwards', () => {
    expect(shouldReloadForChunkError(1_000_000, 1_005_000)).toBe(true);
  });

  it('recognises the failures of loading a lazy part of the app in each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});

describe('a part of the app that fails to load with no connection', () => {
  it('waits for the connection and loads it then, without reloading the page', async () => {
    let online = false;
    let comeBack: () => void = () => undefined;
    const connection = { offline: () => !online, back: () => new Promise<void>((resolve) => (comeBack = resolve)) };
    let calls = 0;
    const load = importWithReload(async () => {
      calls += 1;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: https://x/assets/outbox.js');
      return 'the outbox indicator';
    }, connection);
    const loading = load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(1);
    online = true;
    comeBack();
    await expect(loading).resolves.toBe('the outbox indicator');
    expect(calls).toBe(2);
  });

  it('still fails at once on an error that is not a chunk failure', async () => {
    const broken = new Error('x is undefined');
    const connection = { offline: () => true, back: () => new Promise<void>(() => undefined) };
    await expect(importWithReload(() => Promise.reject(broken), connection)()).rejects.toBe(broken);
  });
});
