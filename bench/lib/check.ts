// Result checks: a benchmark that computes the wrong answer fast is worthless, so every
// workload checks what it computed and fails loudly with the cell and both values.

export class BenchCheckError extends Error {
  constructor(what: string, expected: unknown, actual: unknown) {
    super(`${what}: expected ${String(expected)}, got ${JSON.stringify(actual)}`);
    this.name = 'BenchCheckError';
  }
}

/** Equal within a relative tolerance (floating-point results such as averages and ratios). */
export function checkClose(
  what: string,
  expected: number,
  actual: unknown,
  tolerance = 1e-9,
): void {
  if (
    typeof actual !== 'number' ||
    Math.abs(actual - expected) > tolerance * Math.max(1, Math.abs(expected))
  ) {
    throw new BenchCheckError(what, expected, actual);
  }
}

export function checkEqual(what: string, expected: unknown, actual: unknown): void {
  if (actual !== expected) throw new BenchCheckError(what, expected, actual);
}
