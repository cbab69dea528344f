/*
 * Applies the colour scheme before first paint (spec section 1: dark theme at startup when the
 * operating system prefers it). Loaded synchronously from <head> as a file, not inline, because the
 * Content-Security-Policy allows scripts from 'self' only. The key and values match
 * web/app/color-scheme.ts; the remembered choice wins over the operating system's preference.
 */
(function () {
  var root = document.documentElement;
  var choice = null;
  try {
    choice = window.localStorage.getItem('precinct-color-scheme');
  } catch {
    choice = null;
  }
  var prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var dark = choice === 'dark' || (choice !== 'light' && prefersDark);
  root.classList.toggle('dark', dark);
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
