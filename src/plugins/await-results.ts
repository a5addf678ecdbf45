// Requests that answer with plugin results (/eval, /dev/plugins/test) wait for them, bounded:
// while an answer still holds #BUSY! values and plugin calls are running, wait for the calls to
// settle and evaluate again, until the time given is spent. Calls a first evaluation queued can
// themselves queue more (a plugin result fed to another plugin function), hence the rounds.
export interface PluginResults {
  readonly busy: boolean;
  settle(ms: number): Promise<void>;
}

const MAX_ROUNDS = 5;

export async function evaluateUntilSettled<T>(
  evaluate: () => T | Promise<T>,
  isPending: (answer: T) => boolean,
  results: PluginResults | undefined,
  ms: number,
  now: () => number = () => performance.now(),
): Promise<T> {
  const deadline = now() + ms;
  let answer = await evaluate();
  for (let round = 0; round < MAX_ROUNDS && results !== undefined; round += 1) {
    if (!isPending(answer) || !results.busy || now() >= deadline) break;
    await results.settle(deadline - now());
    answer = await evaluate();
  }
  return answer;
}
