import { hash, verify } from '@node-rs/argon2';
import os from 'node:os';
import { Gate } from '../platform/gate.ts';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core runs at once (and never fewer than two). Each takes 19 MiB and a whole
 * core, so running more side by side finishes none sooner; it only adds memory (a shift's sign-ins at
 * once put 27 hashes on libuv's four threads: +80 MB resident) and holds the threads that file reads
 * need. The rest wait their turn.
 */
const hashing = new Gate(Math.max(2, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown e-mail, or an invited user who has not set one)
 * it still spends the same time on a dummy hash, so the answer's timing does not reveal whether
 * the address exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('precinct-timing-equaliser');
    const equaliser = await dummyHash;
    await hashing.run(() => verify(equaliser, password)).catch(() => false);
    return false;
  }
  return hashing.run(() => verify(storedHash, password)).catch(() => false);
}
