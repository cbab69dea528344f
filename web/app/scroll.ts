/**
 * Spec section 2: navigation scrolls to the top, or to the hash anchor when there is one. Runs after
 * the new route has rendered.
 */
export function scrollAfterNavigation(input: { hash: string; pathChanged: boolean; hashChanged: boolean }): void {
  if (input.hash) {
    const target = document.getElementById(decodeURIComponent(input.hash));
    if (target) {
      target.scrollIntoView({ block: 'start' });
      return;
    }
  }
  if (input.pathChanged || input.hashChanged) window.scrollTo({ top: 0, left: 0 });
}
