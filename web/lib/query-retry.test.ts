import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, networkError } from './api-error.ts';
import { retryOnceBackOnline } from './query-retry.ts';

const client = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryOnceBackOnline, retryDelay: 0 } } });
  queryClient.mount(); // as QueryClientProvider does: it then hears the connection come back
  return queryClient;
};

afterEach(() => onlineManager.setOnline(true));

describe('a read the connection drops under', () => {
  it('keeps showing what it had and reads again once the connection is back', async () => {
    const queryClient = client();
    const answers: Array<() => Promise<string>> = [
      async () => 'first',
      async () => {
        onlineManager.setOnline(false);
        throw networkError(new TypeError('Failed to fetch'));
      },
      async () => 'after the connection came back',
    ];
    const observer = new QueryObserver(queryClient, { queryKey: ['sheet'], queryFn: () => answers.shift()!() });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toBe('first');

    void observer.refetch();
    await expect.poll(() => observer.getCurrentResult().fetchStatus).toBe('paused');
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'first', isError: false });

    onlineManager.setOnline(true);
    await expect.poll(() => observer.getCurrentResult().data).toBe('after the connection came back');
    unsubscribe();
  });

  it('still fails at once when the server answers with an error, or the network fails while online', async () => {
    const refused = new ApiError(403, { message: 'Not allowed', details: null, hint: null, code: '42501' });
    for (const error of [refused, networkError(new TypeError('Failed to fetch'))]) {
      const queryClient = client();
      await expect(
        queryClient.fetchQuery({
          queryKey: ['refused'],
          queryFn: () => Promise.reject(error),
        }),
      ).rejects.toBe(error);
    }
  });
});
