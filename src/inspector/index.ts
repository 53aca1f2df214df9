/**
 * The inspector behind `engram inspect`: a local, read-only web app over a store that shows what each step of
 * an agent sent the model, by source, and why; loaded only by that command.
 * @example
 * const running = await startInspector(readOnlySource(store, { tenant: 'demo', user: 'ada' }), { port: 0 });
 * console.log(running.url);
 */
export { accessGuard, isLoopback, sameSecret } from './access-guard.ts';
export { type FailedAttempts, type FailedAttemptsOptions, failedAttempts } from './failed-attempts.ts';
export { createInspectorApp, type InspectorAppOptions } from './inspector-app.ts';
export { assertStrongToken, generateInspectorToken, tokenEntropyBits } from './inspector-token.ts';
export {
  type InspectorSource,
  type ReadOnlyContentItems,
  type ReadOnlyLog,
  type ReadOnlyLongTerm,
  readOnlySource,
} from './read-only-source.ts';
export { redactSecrets } from './redact-secrets.ts';
export { redactValue } from './redact-value.ts';
export { type RunningInspector, type StartInspectorOptions, startInspector } from './start-inspector.ts';
export { diffSteps, type StepDiff } from './step-diff.ts';
export { type HealthIssue, stepHealth } from './step-health.ts';
