import { useCallback, useRef, useState } from 'react';

type ActionState<TData> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

function whenOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
const PENDING = { status: 'pending', data: undefined, error: null } as const;

/**
 * One request a screen sends on the user's word (sign in, send the link again), with the states a
 * button and a message need: what TanStack Query's `useMutation` gives, without its query client.
 * The sign-in page is drawn before the app's query client has loaded (web/sign-in.tsx), and its
 * screens use this so they draw the same there and in the app. Only the latest call's outcome is
 * shown; `reset` forgets it. What a success changes beyond the screen, `run` does itself.
 */
export function useAction<TInput, TData>(run: (input: TInput) => Promise<TData>) {
  const [state, setState] = useState<ActionState<TData>>(IDLE);
  const latest = useRef(0);

  const mutateAsync = useCallback(
    async (input: TInput): Promise<TData> => {
      const call = ++latest.current;
      setState(PENDING);
      try {
        // As TanStack Query's mutations do: sent once the device has a connection, pending meanwhile.
        await whenOnline();
        const data = await run(input);
        if (call === latest.current) setState({ status: 'success', data, error: null });
        return data;
      } catch (error) {
        if (call === latest.current) setState({ status: 'error', data: undefined, error });
        throw error;
      }
    },
    [run],
  );
  // The outcome is in the state: a refusal here is shown by the screen, not thrown again.
  const mutate = useCallback((input: TInput) => void mutateAsync(input).catch(() => undefined), [mutateAsync]);
  const reset = useCallback(() => {
    latest.current += 1;
    setState(IDLE);
  }, []);

  return {
    mutate,
    mutateAsync,
    reset,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
