import { describe, expect, it, vi } from 'vitest';
import { NavigationRefusedError, classifyNavigationUrl, navigateSafely, safeReturnPath } from './safe-navigation.ts';

const origin = 'https://precinct.example.gov';

describe('the navigation-URL safety check', () => {
  it('treats a path of this site as internal and keeps its query and hash', () => {
    expect(classifyNavigationUrl('/fleet/admin?tab=1#top', { origin })).toEqual({ kind: 'internal', href: '/fleet/admin?tab=1#top' });
    expect(classifyNavigationUrl(`${origin}/reports`, { origin })).toEqual({ kind: 'internal', href: '/reports' });
  });

  it('refuses an external URL unless it is explicitly allowed', () => {
    expect(classifyNavigationUrl('https://evil.example.com/x', { origin }).kind).toBe('refused');
    expect(classifyNavigationUrl('https://evil.example.com/x', { origin, allowExternal: true })).toEqual({
      kind: 'external',
      href: 'https://evil.example.com/x',
    });
  });

  it('sees a protocol-relative URL as external', () => {
    expect(classifyNavigationUrl('//evil.example.com/x', { origin }).kind).toBe('refused');
    expect(classifyNavigationUrl('//evil.example.com/x', { origin, allowExternal: true }).kind).toBe('external');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
  ])('always refuses %j, even when external URLs are allowed', (url) => {
    expect(classifyNavigationUrl(url, { origin, allowExternal: true }).kind).toBe('refused');
  });

  it('treats other schemes such as mailto: as external', () => {
    expect(classifyNavigationUrl('mailto:chief@example.gov', { origin }).kind).toBe('refused');
    expect(classifyNavigationUrl('mailto:chief@example.gov', { origin, allowExternal: true }).kind).toBe('external');
  });

  it('accepts only safe internal paths to return to after sign-in', () => {
    expect(safeReturnPath('/fleet/admin?x=1', origin)).toBe('/fleet/admin?x=1');
    expect(safeReturnPath('https://evil.example.com', origin)).toBeNull();
    expect(safeReturnPath('javascript:alert(1)', origin)).toBeNull();
    expect(safeReturnPath('/login', origin)).toBeNull();
    expect(safeReturnPath('', origin)).toBeNull();
    expect(safeReturnPath(null, origin)).toBeNull();
  });

  it('navigates internally through the router and refuses what the check refuses', async () => {
    vi.stubGlobal('window', { location: { origin, assign: vi.fn(), replace: vi.fn() } });
    const router = { navigate: vi.fn(async () => undefined) };
    await navigateSafely(router, '/reports#list');
    expect(router.navigate).toHaveBeenCalledWith({ href: '/reports#list', replace: undefined });
    await expect(navigateSafely(router, 'https://evil.example.com')).rejects.toBeInstanceOf(NavigationRefusedError);
    await navigateSafely(router, 'https://help.example.com/', { allowExternal: true });
    expect(window.location.assign).toHaveBeenCalledWith('https://help.example.com/');
    vi.unstubAllGlobals();
  });
});
