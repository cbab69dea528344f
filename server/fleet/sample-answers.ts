/** What sampleAnswers needs of a template item. */
export interface SampleItem {
  id: string;
  kind: string;
  min?: number;
  max?: number;
  options?: string[];
  failing_options?: string[];
  is_odometer?: boolean;
  required?: boolean;
}

export interface SampleOptions {
  /** The reading for the odometer item. */
  odometer: number;
  /** One item to fail, with the officer's note (and, for a number item, the out-of-range value). */
  failing?: { itemId: string; note: string; number?: number } | undefined;
  /** Other number items' values; the middle of their range unless told. */
  number?: (item: SampleItem) => number;
  /** The stored file given for photo and signature items. */
  fileId?: string;
}

/**
 * Answers to every required item of a template, passing unless one item is named to fail: the demo
 * seed, the bench dataset, the load benchmark, the drills and the API tests fill checks with it.
 */
export function sampleAnswers(sections: ReadonlyArray<{ items: readonly SampleItem[] }>, options: SampleOptions) {
  const { failing } = options;
  const numberFor = options.number ?? ((item: SampleItem) => Math.round(((item.min ?? 0) + (item.max ?? 100)) / 2));
  return sections.flatMap((section) =>
    section.items
      .filter((item) => item.required !== false)
      .map((item) => {
        const fails = failing?.itemId === item.id;
        const value =
          item.kind === 'pass_fail'
            ? fails
              ? 'fail'
              : 'pass'
            : item.kind === 'number'
              ? item.is_odometer
                ? options.odometer
                : fails && failing?.number !== undefined
                  ? failing.number
                  : numberFor(item)
              : item.kind === 'choice'
                ? item.options!.find((option) => !item.failing_options?.includes(option))!
                : item.kind === 'text'
                  ? 'OK'
                  : (options.fileId ?? null);
        return { item_id: item.id, value, ...(fails ? { note: failing!.note } : {}) };
      }),
  );
}
