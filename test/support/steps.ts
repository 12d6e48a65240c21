/**
 * Named steps for long browser tests: a failure says which step it was in (vitest has
 * no test.step), e.g. `step 4 "the applicant pays": Timeout 30000ms exceeded`.
 */
export function stepper() {
  let count = 0;
  return async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
    count += 1;
    const label = `step ${count} "${name}"`;
    try {
      return await work();
    } catch (error) {
      if (error instanceof Error) {
        error.message = `${label}: ${error.message}`;
        throw error;
      }
      throw new Error(`${label}: ${String(error)}`);
    }
  };
}
