/**
 * A point where a test holds a store call: the call awaits `pass()`, which marks the gate reached and waits until
 * the test opens it; the test awaits `reached`, changes what it races, then calls `open()`.
 */
export interface Gate {
  /** Resolves once a call reached the gate. */
  readonly reached: Promise<void>;
  /** Marks the gate reached, then waits until it is opened. */
  pass(): Promise<void>;
  /** Lets every call waiting at the gate (and every later one) through. */
  open(): void;
}

/** Creates a closed {@link Gate}. */
export function createGate(): Gate {
  let reach!: () => void;
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return {
    reached,
    pass: async () => {
      reach();
      await opened;
    },
    open,
  };
}
