/** Answers that pass every item of a template (numbers mid-range, first non-failing choice). */
export function passingAnswers(
  sections: Array<{ items: Array<{ id: string; kind: string; min?: number; max?: number; options?: string[]; failing_options?: string[]; is_odometer?: boolean; required?: boolean }> }>,
  odometer = 1000,
) {
  return sections.flatMap((section) =>
    section.items
      .filter((item) => item.required !== false)
      .map((item) => ({
        item_id: item.id,
        value:
          item.kind === 'pass_fail'
            ? 'pass'
            : item.kind === 'number'
              ? item.is_odometer
                ? odometer
                : ((item.min ?? 0) + (item.max ?? 100)) / 2
              : item.kind === 'choice'
                ? item.options!.find((o) => !item.failing_options?.includes(o))!
                : item.kind === 'text'
                  ? 'ok'
                  : '00000000-0000-4000-8000-000000000000',
      })),
  );
}
