import fs from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * The web build's content-hashed files (`assets/`), kept in memory once read: a name there never
 * changes content (the build names each file after a hash of it), so its bytes can be kept for as
 * long as the server runs. A first visit loads fifty or so of them at once, and a new deployment's
 * service worker every one of them on every device; from memory each costs no file-system call.
 *
 * The build writes a Brotli and a gzip copy beside each compressible file (vite.config.ts
 * `precompress`); the copy the browser accepts is sent, as @fastify/static does for the other files.
 * What is kept is bounded (`limitBytes`): past it, files are read from disk on each request.
 */

/** The encodings the build writes, in the order the server prefers them. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The types of what the build puts in assets/; any other file is left to @fastify/static. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
};

/** The asset as sent: its bytes, their encoding (null: as built), its type, and whether copies of other encodings exist. */
export type BuildAsset = { body: Buffer; encoding: Encoding | null; type: string; negotiated: boolean };

type Variants = { type: string; encodings: Encoding[]; bodies: Map<Encoding | 'identity', Buffer> };

const SAFE_NAME = /^assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class BuildAssets {
  readonly #dir: string;
  readonly #limitBytes: number;
  readonly #files = new Map<string, Promise<Variants | null>>();
  #keptBytes = 0;

  constructor(dir: string, options: { limitBytes?: number } = {}) {
    this.#dir = dir;
    this.#limitBytes = options.limitBytes ?? 64 * 1024 * 1024;
  }

  /**
   * The asset at `relative` (as `assets/name.hash.js`) in the encoding `acceptEncoding` allows, or
   * null when it is not a file of the build's assets that this serves (the caller then serves it as
   * any other file, or says it is not there).
   */
  async get(relative: string, acceptEncoding: string | undefined): Promise<BuildAsset | null> {
    if (!SAFE_NAME.test(relative)) return null;
    const type = TYPES[path.extname(relative)];
    if (!type) return null;
    let variants = this.#files.get(relative);
    if (!variants) {
      variants = this.#variants(relative, type);
      this.#files.set(relative, variants);
      // A file not there yet (a build being copied in) is looked for again next time.
      void variants.then((found) => {
        if (!found) this.#files.delete(relative);
      });
    }
    const found = await variants;
    if (!found) return null;
    const encoding =
      found.encodings.length > 0 ? (negotiate((acceptEncoding ?? '').toLowerCase(), found.encodings) as Encoding | null) : null;
    const body = await this.#body(relative, found, encoding ?? 'identity');
    if (!body) return null;
    return { body, encoding, type: found.type, negotiated: found.encodings.length > 0 };
  }

  async #variants(relative: string, type: string): Promise<Variants | null> {
    const file = path.join(this.#dir, relative);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const encodings: Encoding[] = [];
    for (const encoding of ENCODINGS) {
      const copy = await fs.promises.stat(file + SUFFIX[encoding]).catch(() => null);
      if (copy?.isFile()) encodings.push(encoding);
    }
    return { type, encodings, bodies: new Map() };
  }

  async #body(relative: string, variants: Variants, encoding: Encoding | 'identity'): Promise<Buffer | null> {
    const kept = variants.bodies.get(encoding);
    if (kept) return kept;
    const file = path.join(this.#dir, relative) + (encoding === 'identity' ? '' : SUFFIX[encoding]);
    const body = await fs.promises.readFile(file).catch(() => null);
    if (body && !variants.bodies.has(encoding) && this.#keptBytes + body.length <= this.#limitBytes) {
      variants.bodies.set(encoding, body);
      this.#keptBytes += body.length;
    }
    return body;
  }
}
