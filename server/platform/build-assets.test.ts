import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildAssets } from './build-assets.ts';

const SCRIPT = 'export const answer = 42;\n'.repeat(200);

describe('the build’s content-hashed files, served from memory', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-assets-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'fleet-Ab12.js'), SCRIPT);
    fs.writeFileSync(path.join(dir, 'assets', 'fleet-Ab12.js.br'), zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(path.join(dir, 'assets', 'fleet-Ab12.js.gz'), zlib.gzipSync(SCRIPT));
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-Cd34.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'assets', 'fleet-Ab12.js.map'), '{}');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends the Brotli copy to a browser that accepts it, gzip to one that accepts only gzip, and the file as built otherwise', async () => {
    const assets = new BuildAssets(dir);
    const brotli = await assets.get('assets/fleet-Ab12.js', 'gzip, deflate, br, zstd');
    expect(brotli).toMatchObject({ encoding: 'br', type: 'text/javascript; charset=utf-8', negotiated: true });
    expect(zlib.brotliDecompressSync(brotli!.body).toString()).toBe(SCRIPT);

    expect((await assets.get('assets/fleet-Ab12.js', 'GZIP, BR'))?.encoding).toBe('br');

    const gzip = await assets.get('assets/fleet-Ab12.js', 'gzip;q=1, br;q=0');
    expect(gzip?.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip!.body).toString()).toBe(SCRIPT);

    const plain = await assets.get('assets/fleet-Ab12.js', undefined);
    expect(plain).toMatchObject({ encoding: null, negotiated: true });
    expect(plain!.body.toString()).toBe(SCRIPT);
  });

  it('sends a file the build did not compress as it is, without asking caches to tell encodings apart', async () => {
    const tiny = await new BuildAssets(dir).get('assets/tiny-Cd34.css', 'br');
    expect(tiny).toMatchObject({ encoding: null, type: 'text/css; charset=utf-8', negotiated: false });
    expect(tiny!.body.toString()).toBe('a{}');
  });

  it('keeps sending a file it has read once after a new build has taken it off the disk', async () => {
    const assets = new BuildAssets(dir);
    const first = await assets.get('assets/fleet-Ab12.js', 'br');
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(path.join(dir, 'assets', `fleet-Ab12.js${suffix}`));
    const again = await assets.get('assets/fleet-Ab12.js', 'br');
    expect(again?.body.equals(first!.body)).toBe(true);
  });

  it('reads past its memory limit from the disk each time instead of keeping more', async () => {
    const assets = new BuildAssets(dir, { limitBytes: 10 });
    await assets.get('assets/fleet-Ab12.js', 'br');
    fs.rmSync(path.join(dir, 'assets', 'fleet-Ab12.js.br'));
    expect(await assets.get('assets/fleet-Ab12.js', 'br')).toBeNull();
  });

  it('finds a file that appears after it was first asked for', async () => {
    const assets = new BuildAssets(dir);
    expect(await assets.get('assets/late-Ef56.js', 'br')).toBeNull();
    fs.writeFileSync(path.join(dir, 'assets', 'late-Ef56.js'), 'late()');
    expect((await assets.get('assets/late-Ef56.js', 'br'))?.body.toString()).toBe('late()');
  });

  it('leaves everything outside assets/, source maps and unsafe names to the other routes', async () => {
    const assets = new BuildAssets(dir);
    for (const relative of [
      'index.html',
      'assets/fleet-Ab12.js.map',
      'assets/..',
      'assets/../index.html',
      'assets/.hidden.js',
      'assets/sub/x.js',
    ])
      expect(await assets.get(relative, 'br'), relative).toBeNull();
  });
});
