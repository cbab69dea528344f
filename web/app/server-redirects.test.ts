import { describe, expect, it } from 'vitest';
import { serverRedirectDecision, type ServerRedirect } from './server-redirects.ts';

const origin = 'https://precinct.example.gov';

function decide(path: string, redirects: ServerRedirect[], search = '', hash = '') {
  return serverRedirectDecision({ path, search, hash, redirects, origin });
}

describe('server-defined redirects', () => {
  it('pass when no entry matches', () => {
    expect(decide('/fleet', [{ from: '/old', to: '/new', permanent: true }])).toEqual({ action: 'pass' });
  });

  it('send a matching path to an internal target, keeping the query and hash', () => {
    expect(decide('/old', [{ from: '/old', to: '/new', permanent: true }], '?a=1', '#x')).toEqual({
      action: 'internal',
      href: '/new?a=1#x',
      permanent: true,
    });
  });

  it('use the first matching entry and allow wildcards', () => {
    const redirects = [
      { from: '/legacy/*', to: '/reports', permanent: false },
      { from: '/legacy/one', to: '/fleet', permanent: true },
    ];
    expect(decide('/legacy/one', redirects)).toEqual({ action: 'internal', href: '/reports', permanent: false });
  });

  it('make an external target a full page load', () => {
    expect(decide('/help', [{ from: '/help', to: 'https://help.example.com/precinct', permanent: false }])).toEqual({
      action: 'external',
      href: 'https://help.example.com/precinct',
      permanent: false,
    });
  });

  it('never follow a script or data URL, nor loop onto the same path', () => {
    expect(decide('/x', [{ from: '/x', to: 'javascript:alert(1)', permanent: false }])).toEqual({ action: 'pass' });
    expect(decide('/x/y', [{ from: '/x/*', to: '/x/z', permanent: false }])).toEqual({ action: 'pass' });
  });
});
