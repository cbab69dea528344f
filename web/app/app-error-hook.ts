import { describeReason, pushErrorLog } from './error-log.ts';

/**
 * The app error hook: every error the app catches (route errors, failed lazy loads, errors seen by
 * bots) is reported here. It keeps them in the error log beside the uncaught ones and tells any
 * listener (for example analytics, when configured).
 */
type Listener = (error: unknown, context: { path: string }) => void;

const listeners = new Set<Listener>();

export function onAppError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportAppError(error: unknown, context: { path: string }): void {
  pushErrorLog(`${describeReason(error)} at ${context.path}`);
  console.error(error);
  for (const listener of listeners) listener(error, context);
}
