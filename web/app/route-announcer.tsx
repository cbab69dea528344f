import { VisuallyHidden } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * Tells screen-reader users that a navigation happened by announcing the new page's title, as a
 * full page load would.
 */
export function RouteAnnouncer() {
  const href = useRouterState({ select: (state) => state.resolvedLocation?.href ?? null });
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (href === null) return;
    // The screen sets its title in an effect; read it once that has run.
    const timer = setTimeout(() => setAnnouncement(document.title), 100);
    return () => clearTimeout(timer);
  }, [href]);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
