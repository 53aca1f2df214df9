import { asSchema, type ToolSet } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';

/**
 * The AI SDK's `toolsContext` for a run's context: every tool gets the same object as `options.context` (the SDK
 * hands a tool only its own entry, and checks it against the tool's `contextSchema` when it declares one).
 */
export function toolsContextOf(tools: ToolSet, context: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(tools).map((name) => [name, context]));
}

/**
 * Checks a run's context against the `contextSchema` of every tool that declares one, before the model is
 * called: a mismatch is `INVALID_ARGUMENT` naming the tool (with the schema's error as its cause), not an
 * `AI_TypeValidationError` in the middle of the run once the model happens to call that tool.
 */
export async function checkToolsContext(
  tools: ToolSet,
  context: Record<string, unknown> | undefined,
): Promise<void> {
  for (const [name, tool] of Object.entries(tools)) {
    const schema = (tool as { contextSchema?: Parameters<typeof asSchema>[0] }).contextSchema;
    if (schema === undefined) continue;
    const checked = await asSchema(schema).validate?.(context);
    if (checked && !checked.success)
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'agent',
        message: `run(prompt, context): ${context === undefined ? 'no context was given, but' : 'the context does not match'} the contextSchema of tool "${name}": ${checked.error.message}`,
        cause: checked.error,
      });
  }
}
