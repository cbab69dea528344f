import { randomBytes } from 'node:crypto';

/**
 * Four characters for the names of this attempt's own records (`Patrol ${attemptTag()}`), where a
 * name must be new or found once: a retry runs on what the first attempt left, since `beforeAll` does
 * not run again, so a fixed name would meet the first attempt's record (README, "Tests").
 */
export function attemptTag(): string {
  return randomBytes(2).toString('hex');
}
