import type { FastifyInstance } from 'fastify';
import { deliveringQueuedMail } from './mail-after-commit.ts';
import type { Services } from './services.ts';

/**
 * Work done after the answer has gone: for requests whose answer must not depend on what the work
 * finds (a recovery e-mail for an address that may have no account takes as long to answer as one
 * that has). Mail it queues is delivered after it, as a request's is; a failure is logged, never
 * reported to the client; the server waits for what is running before it closes.
 */
export function backgroundWork(app: FastifyInstance, services: Pick<Services, 'log' | 'mailer'>) {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  return (label: string, task: () => Promise<void>): void => {
    // Started once the answer is on its way (setImmediate runs after the reply's write), so nothing the
    // work does (a database round trip, hashing a token) delays the answer it must not be told apart by.
    const started = new Promise<void>((resolve) => setImmediate(resolve));
    const done: Promise<void> = started
      .then(() => deliveringQueuedMail((agencyId) => void services.mailer.deliver(agencyId), task))
      .catch((error: unknown) => services.log.error({ err: error, task: label }, `${label} failed after the answer was sent`))
      .finally(() => running.delete(done));
    running.add(done);
  };
}
