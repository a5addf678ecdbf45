// Typed errors of the agent. Statuses live in http/errors.ts.

/** The model answered something the reply contract (docs/agent.md) cannot use. */
export class ModelOutputError extends Error {
  constructor(
    readonly provider: string,
    readonly model: string,
    readonly problem: string,
  ) {
    super(
      `The reply of ${provider} model ${model} could not be used: ${problem} Ask again, rephrase the prompt, or pick another model_id.`,
    );
    this.name = 'ModelOutputError';
  }
}
