/**
 * A moment strictly between what was written before the call and what is written after it (5 ms pauses on each
 * side, so store timestamps on the system clock fall on one side or the other): the `t` of a `knownAt` test.
 */
export async function momentBetween(): Promise<Date> {
  await new Promise((r) => setTimeout(r, 5));
  const t = new Date();
  await new Promise((r) => setTimeout(r, 5));
  return t;
}
