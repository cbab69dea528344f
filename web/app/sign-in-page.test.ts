import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8');

/** The page without its own start and the note that says so. */
function withoutStart(html: string): string {
  return html.replace(/<!-- The sign-in page[^]*?-->\n/, '').replace(/<script type="module" src="\/[^"]+"><\/script>/, '<script start>');
}

describe('the sign-in page of its own (login.html)', () => {
  it('is the app’s page (title, icons, colour scheme, theme colours) but for the script that starts it', () => {
    const app = read('index.html');
    const signIn = read('login.html');
    expect(app).toContain('<script type="module" src="/main.tsx"></script>');
    expect(signIn).toContain('<script type="module" src="/sign-in.tsx"></script>');
    expect(withoutStart(signIn)).toBe(withoutStart(app));
  });
});
