import type { Services } from './services.ts';

/**
 * Answers this server built from the database, each kept under a key with the version of what it was
 * built from: a version a trigger raises in the commit of every change to it (migrations 0044 and 0045),
 * read in the request's transaction no later than the rows the answer is built from. A kept answer is
 * therefore never older than its version (a change committed between the two reads makes it newer, and
 * the next request, reading the new version, builds it again), and is answered again while the version
 * is unchanged. Versions only rise. Requests that come together for a version not yet built wait for
 * one build (`get`). The least recently read go first past `items` (counted by `sizeOf`) or `entries`.
 */
export class KeptByVersion<V> {
  private readonly kept = new Map<string, { version: bigint; value: V; size: number }>();
  private readonly building = new Map<string, { version: bigint; value: Promise<V> }>();
  /** The items of the kept answers, in all. */
  private items = 0;

  private readonly limits: { items: number; entries: number; sizeOf: (value: V) => number };

  constructor(limits: { items: number; entries: number; sizeOf: (value: V) => number }) {
    this.limits = limits;
  }

  /** The answer kept under `key` at `version`, if there is one (then it becomes the most recently read). */
  peek(key: string, version: bigint | null | undefined): V | undefined {
    if (version === null || version === undefined) return undefined;
    const found = this.kept.get(key);
    if (found?.version !== version) return undefined;
    this.kept.delete(key);
    this.kept.set(key, found);
    return found.value;
  }

  /** The answer under `key` at `version`, built by `build` unless kept; with no version, built and not kept. */
  async get(key: string, version: bigint | null, build: () => Promise<V>): Promise<V> {
    if (version === null) return build();
    const found = this.peek(key, version);
    if (found !== undefined) return found;
    // Requests that come together (a change told to every open screen) wait for one build of the version.
    const pending = this.building.get(key);
    if (pending?.version === version) return pending.value.catch(() => build());
    const building = build();
    // A build of an older version (a request that read it before the change) never displaces a newer one.
    if (!pending || pending.version < version) this.building.set(key, { version, value: building });
    try {
      const value = await building;
      this.keep(key, version, value);
      return value;
    } finally {
      if (this.building.get(key)?.value === building) this.building.delete(key);
    }
  }

  /** Keeps `value` under `key` at `version`, unless a newer one is kept there or it alone is over the limit. */
  keep(key: string, version: bigint, value: V) {
    const replaced = this.kept.get(key);
    if (replaced && replaced.version > version) return;
    if (replaced) this.forget(key, replaced.size);
    const size = this.limits.sizeOf(value);
    if (size > this.limits.items) return;
    this.kept.set(key, { version, value, size });
    this.items += size;
    for (const [oldest, entry] of this.kept) {
      if (this.items <= this.limits.items && this.kept.size <= this.limits.entries) break;
      this.forget(oldest, entry.size);
    }
  }

  private forget(key: string, size: number) {
    this.kept.delete(key);
    this.items -= size;
  }
}

/** One `T` per server (per app: two apps in one process, as tests run them, keep their own). */
export function perServer<T>(make: () => T): (services: Services) => T {
  const made = new WeakMap<Services, T>();
  return (services) => {
    let found = made.get(services);
    if (found === undefined) made.set(services, (found = make()));
    return found;
  };
}
