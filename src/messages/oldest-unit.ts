/**
 * Which of `owners` (distinct, at least one) comes first in `units`: found by one walk from the newest unit back
 * that stops once every owner was seen (owners are almost always among the newest), not by a search of `units`
 * for each owner, which made a tool message answering calls of thousands of units quadratic. An owner not in
 * `units` counts as before every unit (the first such owner given), as a search that finds it at -1 would.
 */
export function oldestUnit<U>(units: readonly U[], owners: readonly U[]): U {
  if (owners.length === 1) return owners[0]!;
  const left = new Set(owners);
  let oldest = owners[0]!;
  for (let i = units.length - 1; i >= 0 && left.size > 0; i--) {
    const unit = units[i]!;
    if (left.delete(unit)) oldest = unit;
  }
  return left.size > 0 ? owners.find((o) => left.has(o))! : oldest;
}
