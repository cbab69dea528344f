/** What a drill found: its figures, and the checks it made (any failed check fails the drill). */
export interface Check {
  ok: boolean;
  what: string;
}

export interface DrillResult {
  drill: string;
  database: string;
  /** Label and value, printed in order. */
  figures: Array<[string, string | number]>;
  checks: Check[];
  /** Things worth knowing that are not a pass or fail (e.g. a timing that could not be provoked). */
  notes: string[];
  seconds: number;
}

export class DrillRecorder {
  readonly figures: Array<[string, string | number]> = [];
  readonly checks: Check[] = [];
  readonly notes: string[] = [];

  figure(label: string, value: string | number): void {
    this.figures.push([label, value]);
  }

  check(ok: boolean, what: string): boolean {
    this.checks.push({ ok, what });
    return ok;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  result(drill: string, database: string, startedAt: number): DrillResult {
    return {
      drill,
      database,
      figures: this.figures,
      checks: this.checks,
      notes: this.notes,
      seconds: (performance.now() - startedAt) / 1000,
    };
  }
}

export function passed(result: DrillResult): boolean {
  return result.checks.length > 0 && result.checks.every((c) => c.ok);
}

export function formatResult(result: DrillResult): string {
  const width = Math.max(0, ...result.figures.map(([label]) => label.length));
  return [
    `━━ ${result.drill} on ${result.database} ${'━'.repeat(Math.max(0, 60 - result.drill.length - result.database.length))}`,
    ...result.figures.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    ...result.checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'}  ${c.what}`),
    ...result.notes.map((n) => `  note  ${n}`),
    `  ${passed(result) ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(1)} s`,
  ].join('\n');
}
