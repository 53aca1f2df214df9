import type { FinishReason, ModelMessage } from 'ai';

/** The fields of a step the SDK's `onStepEnd` gives that {@link finishedSteps} reads. */
export interface StepEnd {
  response: { messages: ModelMessage[] };
  finishReason?: FinishReason;
}

/** What {@link finishedSteps} hands the caller: the call's `onStepEnd`, and what to store when it ends. */
export interface FinishedSteps {
  /** The `onStepEnd` to pass the SDK: keeps the step, then runs the call's own `onStepEnd` (or `onStepFinish`). */
  onStepEnd(step: StepEnd): Promise<void>;
  /**
   * The finished steps not yet taken, in order (their response messages, and the last one's finish reason); each
   * step is taken once, so a stop and a late `onEnd` never store one twice.
   */
  take(): { messages: ModelMessage[]; finishReason: FinishReason | undefined };
  /** How many steps were taken so far. */
  readonly taken: number;
}

/**
 * Keeps the finished steps of one call of an existing agent (the SDK's `onStepEnd`), so what a call the caller
 * stopped had finished can be stored: the SDK's `onEnd` never comes for a stopped stream, and a `generate` that
 * rejects has no result. Each step is whole (its calls with their results, or waiting for an approval or a tool
 * without `execute`, as a finished run's), the step in flight is never among them.
 */
export function finishedSteps(own: ((step: StepEnd) => unknown) | undefined): FinishedSteps {
  const steps: StepEnd[] = [];
  let taken = 0;
  return {
    async onStepEnd(step) {
      steps.push(step);
      await own?.(step);
    },
    take() {
      const fresh = steps.slice(taken);
      taken = steps.length;
      return {
        messages: fresh.flatMap((s) => s.response.messages),
        finishReason: fresh.at(-1)?.finishReason,
      };
    },
    get taken() {
      return taken;
    },
  };
}
