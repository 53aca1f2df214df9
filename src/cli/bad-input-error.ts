/** Bad input (exit code 3): a file to import or ingest that is wrong, its message naming the line or JSON path. */
export class BadInputError extends Error {}

/**
 * An import or ingest stopped by Ctrl-C (SIGINT, exit code 130) or SIGTERM (`timeout`, `docker stop`, systemd;
 * exit code 143): what it had written is removed again. A second signal ends the process at once (the run's
 * sessions stay marked incomplete, and the next run replaces them).
 */
export class InterruptedError extends Error {
  /** The signal that stopped the run. */
  readonly signal: 'SIGINT' | 'SIGTERM';
  constructor(message: string, signal: 'SIGINT' | 'SIGTERM' = 'SIGINT') {
    super(message);
    this.signal = signal;
  }
}
