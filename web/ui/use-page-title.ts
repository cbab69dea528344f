import { useEffect } from 'react';

/** Sets the document title to `Title · Precinct` while the screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Precinct` : 'Precinct';
  }, [title]);
}
