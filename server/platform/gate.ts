/**
 * Lets at most `size` tasks run at once; the others wait their turn, first come first served. For
 * work whose cost is memory or whole cores rather than waiting (a password hash takes 19 MiB and a
 * core for ~30 ms), so a burst is queued instead of all of it running side by side.
 */
export class Gate {
  readonly #size: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`A gate lets at least one task through, not ${size}`);
    this.#size = size;
  }

  /** How many tasks are running and how many wait, for tests and diagnostics. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot take it in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
