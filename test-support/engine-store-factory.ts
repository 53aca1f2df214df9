/**
 * A conformance-suite factory of stores an engine builds over a driver: `open` wraps a new driver, `reopen`
 * closes the handle and wraps the same driver (its data) in a new engine, as a reopened database would be.
 * `wrap` builds the store's handle (its `longTermRecords` or `contentItems`) with the `isClosed` it is given.
 */
export function engineStoreFactory<D, S extends object>(
  make: () => D,
  wrap: (driver: D, isClosed: () => boolean) => S,
) {
  type Handle = S & { close(): Promise<void> };
  const drivers = new WeakMap<object, D>();
  const handle = (driver: D): Handle => {
    let closed = false;
    const h: Handle = {
      ...wrap(driver, () => closed),
      close: async () => {
        closed = true;
      },
    };
    drivers.set(h, driver);
    return h;
  };
  return {
    open: async () => handle(make()),
    reopen: async (previous: object & { close?(): Promise<void> }) => {
      await previous.close?.();
      return handle(drivers.get(previous) ?? make());
    },
  };
}
