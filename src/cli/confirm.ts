import { createInterface } from 'node:readline/promises';
import { UsageError } from './open-store.ts';

/** Where {@link confirm} asks: a terminal's input and output (the process's stdin and stderr by default). */
export interface ConfirmOptions {
  /** The answer's stream; a terminal only when its `isTTY` is true. @default process.stdin */
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where the question goes. @default process.stderr */
  output?: NodeJS.WritableStream & { isTTY?: boolean };
  /** `--yes` was given: no question. @default false */
  yes?: boolean;
}

/**
 * Asks before a destructive command: with `yes` it goes ahead; on a terminal it asks `question [y/N]` and
 * resolves to whether the answer was yes; without a terminal it refuses with a usage error (exit 2) naming
 * `--yes`, so a script never deletes by accident nor hangs on a question.
 */
export async function confirm(question: string, options: ConfirmOptions = {}): Promise<boolean> {
  if (options.yes === true) return true;
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stderr;
  if (input.isTTY !== true || output.isTTY !== true)
    throw new UsageError(`${question} — not on a terminal, so nothing was asked: give --yes to go ahead`);
  const rl = createInterface({ input, output });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
