import { describe, expect, it } from 'vitest';
import { filesForGroup, publicScripts, staticClosure, type Manifest } from './bundle-sizes.ts';

// A manifest shaped like Vite's: the entry, a shared chunk, two lazy screens (one sharing a chunk with
// the entry, one with its own lazy part), and CSS on the entry and one screen.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['a.tsx', 'b.tsx'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: ['_deep.js'] },
  '_deep.js': { file: 'assets/deep.js' },
  'a.tsx': { file: 'assets/a.js', isDynamicEntry: true, imports: ['_shared.js', 'index.html'], css: ['assets/a.css'] },
  'b.tsx': { file: 'assets/b.js', isDynamicEntry: true, imports: ['_b-only.js'], dynamicImports: ['c.tsx'] },
  '_b-only.js': { file: 'assets/b-only.js' },
  'c.tsx': { file: 'assets/c.js', isDynamicEntry: true },
  // A second page, sharing the shared chunk but not the app's entry.
  'login.html': { file: 'assets/login.js', isEntry: true, imports: ['_deep.js'], dynamicImports: ['c.tsx'] },
};

describe('first-visit files from the build manifest', () => {
  it('follows static imports transitively, each chunk once, through cycles back to the entry', () => {
    expect(staticClosure(manifest, ['index.html', 'a.tsx']).sort()).toEqual(['_deep.js', '_shared.js', 'a.tsx', 'index.html']);
  });

  it('counts a lazy screen and its static imports, not the screens it may load later', () => {
    const files = filesForGroup(manifest, { lazy: ['b.tsx'] });
    expect(files.js.sort()).toEqual(['assets/b-only.js', 'assets/b.js', 'assets/deep.js', 'assets/index.js', 'assets/shared.js']);
    expect(files.css).toEqual(['assets/index.css']);
  });

  it('adds the CSS the lazy chunks carry', () => {
    expect(filesForGroup(manifest, { lazy: ['a.tsx'] }).css.sort()).toEqual(['assets/a.css', 'assets/index.css']);
  });

  it("counts a page of its own from its own entry, without the app's", () => {
    const files = filesForGroup(manifest, { page: 'login.html', lazy: ['c.tsx'] });
    expect(files.js.sort()).toEqual(['assets/c.js', 'assets/deep.js', 'assets/login.js']);
  });

  it('fails loudly on a page the build does not have', () => {
    expect(() => filesForGroup(manifest, { page: 'signin.html', lazy: [] })).toThrow(/no page "signin.html"/);
  });

  it('fails loudly on a route file the build does not know', () => {
    expect(() => filesForGroup(manifest, { lazy: ['renamed.tsx'] })).toThrow(/no entry "renamed.tsx"/);
  });

  it('finds the scripts index.html loads from public/, not the bundle', () => {
    const html = '<script src="/color-scheme.js"></script><script type="module" crossorigin src="/assets/index.js"></script>';
    expect(publicScripts(html)).toEqual(['color-scheme.js']);
  });
});
