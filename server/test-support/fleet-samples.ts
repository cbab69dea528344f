import { sampleAnswers, type SampleItem } from '../fleet/sample-answers.ts';

/** Answers that pass every item of a template (numbers mid-range, first non-failing choice). */
export function passingAnswers(sections: ReadonlyArray<{ items: readonly SampleItem[] }>, odometer = 1000) {
  return sampleAnswers(sections, { odometer, fileId: '00000000-0000-4000-8000-000000000000' });
}
