/** A value bound to a query parameter. Booleans are never bound: use the dialect's literals. */
export type SqlValue = string | number | bigint | null | Uint8Array;

const fragmentMark = Symbol.for('engram.sql.fragment');

/** A piece of SQL text with its parameters in order; compose with {@link sql}, {@link raw} and {@link joinSql}. */
export interface SqlFragment {
  readonly [fragmentMark]: true;
  /** Text pieces; a parameter sits between each two. */
  readonly strings: readonly string[];
  /** Parameters (or nested fragments) between the text pieces. */
  readonly values: readonly (SqlValue | SqlFragment)[];
}

/** A compiled query: dialect placeholders in the text, parameters in order. */
export interface CompiledSql {
  /** The SQL text. */
  text: string;
  /** Its parameters. */
  params: SqlValue[];
}

function isFragment(value: unknown): value is SqlFragment {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[fragmentMark] === true
  );
}

/**
 * Tagged template for SQL: interpolated values become parameters, interpolated fragments are inlined.
 * @example sql`SELECT * FROM engram_sessions WHERE tenant = ${scope.tenant}`
 */
export function sql(
  strings: TemplateStringsArray,
  ...values: (SqlValue | SqlFragment | undefined)[]
): SqlFragment {
  return {
    [fragmentMark]: true,
    strings: [...strings],
    values: values.map((v) => (v === undefined ? null : v)),
  };
}

/** Trusted SQL text inlined as is (identifiers, dialect literals); never pass user input. */
export function raw(text: string): SqlFragment {
  return { [fragmentMark]: true, strings: [text], values: [] };
}

/** Joins fragments with a separator (`, `, ` AND `, …). */
export function joinSql(parts: readonly (SqlFragment | SqlValue)[], separator = ', '): SqlFragment {
  if (parts.length === 0) return raw('');
  const strings = [''];
  for (let i = 1; i < parts.length; i++) strings.push(separator);
  strings.push('');
  return { [fragmentMark]: true, strings, values: [...parts] };
}

/** Compiles a fragment with a placeholder style: `?` (SQLite) or `$1, $2, …` (PostgreSQL). */
export function compileSql(fragment: SqlFragment, placeholder: (index: number) => string): CompiledSql {
  const params: SqlValue[] = [];
  let text = '';
  const walk = (f: SqlFragment) => {
    for (let i = 0; i < f.strings.length; i++) {
      text += f.strings[i];
      if (i >= f.values.length) continue;
      const v = f.values[i]!;
      if (isFragment(v)) walk(v);
      else {
        params.push(v);
        text += placeholder(params.length);
      }
    }
  };
  walk(fragment);
  return { text, params };
}

/** SQL text of a parameterless fragment (for DDL such as triggers and generated columns). */
export function ddlText(fragment: SqlFragment): string {
  const compiled = compileSql(fragment, () => '?');
  if (compiled.params.length > 0) throw new Error('ddlText: the fragment has parameters');
  return compiled.text;
}
