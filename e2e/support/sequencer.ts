/**
 * The order the browser test files start in: Vitest's own (its timings from earlier runs, else the
 * larger files first), except that a file spending most of its time waiting on the clock starts
 * first. The inactivity test waits out the agency's one-minute limit; run last, as its small size
 * would have it, it kept one of the two workers alone for the run's final minute.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that mostly wait (paths from the repository root). */
const WAITING_FILES = ['e2e/security/inactivity.test.ts'];

export class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => WAITING_FILES.some((waiting) => file.moduleId.endsWith(`/${waiting}`));
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))];
  }
}
