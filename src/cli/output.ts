/** Prints rows as an aligned table for people, or as JSON for scripts. */
export function printRows(
  rows: readonly Record<string, unknown>[],
  json: boolean,
  columns?: readonly string[],
): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const keys = columns ?? Object.keys(rows[0] as object);
  const cell = (v: unknown) =>
    v instanceof Date
      ? v.toISOString()
      : typeof v === 'object' && v !== null
        ? JSON.stringify(v)
        : String(v ?? '');
  const widths = keys.map((k) => Math.min(60, Math.max(k.length, ...rows.map((r) => cell(r[k]).length))));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.slice(0, widths[i]).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  process.stdout.write(
    `${[line([...keys]), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(keys.map((k) => cell(r[k]))))].join('\n')}\n`,
  );
}

/** Prints one value: as JSON, or as `key: value` lines. */
export function printObject(value: Record<string, unknown>, json: boolean): void {
  if (json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  else
    for (const [k, v] of Object.entries(value))
      process.stdout.write(
        `${k}: ${typeof v === 'object' && v !== null && !(v instanceof Date) ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : String(v)}\n`,
      );
}
