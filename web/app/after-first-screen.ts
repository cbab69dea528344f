/**
 * Runs `work` once the page has loaded and the browser is idle (at most 2 s after loading): for what
 * every page needs soon but not for its first paint (the service worker and its precache download,
 * the offline outbox).
 */
export function afterFirstScreen(work: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => work(), { timeout: 2000 });
    else setTimeout(work, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
