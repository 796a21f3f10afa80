/**
 * Lets the runner loop sleep until there may be work: a NOTIFY, a handler freeing a slot,
 * stop(), or the poll interval. `mark()` before looking for work and `wait(mark)` after,
 * so a wake-up arriving in between is not lost.
 */
export class WakeSignal {
  private generation = 0;
  private readonly sleepers = new Set<() => void>();

  fire(): void {
    this.generation++;
    for (const wake of [...this.sleepers]) wake();
  }

  mark(): number {
    return this.generation;
  }

  wait(mark: number, timeoutMs: number): Promise<void> {
    if (this.generation !== mark) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.sleepers.add(wake);
    });
  }
}
