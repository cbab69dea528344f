import { useSyncExternalStore } from 'react';

function subscribe(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/**
 * Whether the device has a connection, as the browser says (its online and offline events): what
 * TanStack Query's onlineManager follows too (start-app.tsx), to pause a read that was never kept on
 * the device. Read from the browser, not the query client, so the sign-in page can draw it before the
 * query client has loaded (web/sign-in.tsx).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
