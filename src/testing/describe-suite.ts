import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';

/** How a conformance suite opens what it tests (`H`: a store, or a handle holding one contract). */
export interface SuiteFactory<H> {
  /** Opens one; it may hold data of earlier cases (every case works in its own tenant). */
  open(): Promise<H>;
  /** Closes `previous` if needed and opens the same data again. Enables the cases marked `needsReopen`. */
  reopen?(previous: H): Promise<H>;
  /** Runs once after the suite. */
  cleanup?(): Promise<void>;
}

/** What the runner needs of a case. */
export interface SuiteCase {
  /** Unique across the suite; the vitest test name and the key of `skip`. */
  name: string;
  /** The case needs the factory's `reopen`; it is skipped without it. */
  needsReopen?: boolean;
}

/** The open handle of the running case, as a suite builds the case's context from it. */
export interface SuiteHandle<H> {
  /** The open handle; throws when none is open. */
  current(): H;
  /** Closes and reopens through the factory; the reopened handle. */
  reopen(): Promise<H>;
  /** Marks the running case skipped, with the reason. */
  skip(reason: string): void;
}

/** One conformance suite, as {@link describeSuite} runs it. */
export interface SuiteDefinition<H extends { close?(): Promise<void> }, K extends SuiteCase> {
  /** The `describe` title. */
  title: string;
  /** The calling function with the driver's name, for the error on unknown skip names. */
  caller: string;
  /** Every case, in order. */
  cases: readonly K[];
  /** How the driver's stores are opened. */
  factory: SuiteFactory<H>;
  /** Cases not run, by name, each with the written reason. Unknown names fail the suite. */
  skip: Record<string, string> | undefined;
  /** Each case's time limit, in milliseconds. @default vitest's */
  timeout?: number;
  /** Runs one case against the open handle. */
  run(c: K, handle: SuiteHandle<H>): Promise<void>;
}

/**
 * Declares a conformance suite with vitest, the one runner of the shipped suites: a fresh handle per case
 * (closed after it, a `STORE_CLOSED` from a case that closed it already is fine), the factory's cleanup after the
 * suite, written skips, cases needing `reopen` skipped without it, and a failing case when `skip` names an unknown
 * case, so skips cannot silently rot.
 */
export function describeSuite<H extends { close?(): Promise<void> }, K extends SuiteCase>(
  suite: SuiteDefinition<H, K>,
): void {
  const { factory, cases } = suite;
  const skip = suite.skip ?? {};
  const names = new Set(cases.map((c) => c.name));
  const unknown = Object.keys(skip).filter((k) => !names.has(k));

  describe(suite.title, () => {
    let current: H | undefined;
    beforeEach(async () => {
      current = await factory.open();
    });
    afterEach(async () => {
      const handle = current;
      current = undefined;
      try {
        await handle?.close?.();
      } catch (error) {
        if (!MemoryError.hasCode(error, 'STORE_CLOSED')) throw error;
      }
    });
    afterAll(async () => {
      await factory.cleanup?.();
    });

    if (unknown.length > 0) {
      it('skip names are known cases', () => {
        throw new Error(`${suite.caller}: unknown case names in skip: ${unknown.join(', ')}`);
      });
    }
    for (const c of cases) {
      const reason = skip[c.name];
      if (reason !== undefined) {
        it.skip(`${c.name} (skipped: ${reason})`, () => {});
        continue;
      }
      if (c.needsReopen && !factory.reopen) {
        it.skip(`${c.name} (skipped: the factory has no reopen)`, () => {});
        continue;
      }
      it(c.name, {
        ...(suite.timeout === undefined ? {} : { timeout: suite.timeout }),
      }, async (vitestContext) => {
        await suite.run(c, {
          current() {
            if (!current) throw new Error('no store is open');
            return current;
          },
          async reopen() {
            if (!factory.reopen || !current) throw new Error('reopen is not available');
            current = await factory.reopen(current);
            return current;
          },
          skip: (why) => vitestContext.skip(why),
        });
      });
    }
  });
}
