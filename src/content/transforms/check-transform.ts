import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { type ContentTransform, contentTransformTypes } from '../content-transform.ts';
import { compileLinearRegex } from './linear-regex.ts';

const fail = (component: string, message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component, message: `transform${message}` });

const allowed: Record<ContentTransform['type'], readonly string[]> = {
  full: [],
  excerpt: ['query', 'offset', 'length'],
  summary: ['maxTokens'],
  first_n: ['n', 'unit'],
  last_n: ['n', 'unit'],
  filtered: ['pattern', 'regex', 'paths', 'maxLines'],
};

/** The largest `n`, `length`, `offset` or `maxLines` a transform takes. */
export const maxTransformNumber = 1_000_000;
/** The longest `pattern` or `query`. */
export const maxPatternLength = 500;

function integer(component: string, value: unknown, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > maxTransformNumber) {
    throw fail(
      component,
      `.${name} must be an integer from ${min} to ${groupDigits(maxTransformNumber)}, got ${describeValue(value)}`,
    );
  }
  return value as number;
}

function text(component: string, value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxPatternLength) {
    throw fail(component, `.${name} must be a non-empty string of at most ${maxPatternLength} characters`);
  }
  return value;
}

/**
 * Checks a transform and returns it normalized. Accepts the inline form (`{ type: 'first_n', n: 20 }`) and seed
 * 004's (`{ type: 'first_n', params: { n: 20 } }`). Throws `INVALID_ARGUMENT` naming the field and what is
 * allowed: an unknown type or parameter, a count out of range, an empty or too long pattern, a regular
 * expression that does not compile or that needs backtracking (backreferences, lookaround; see `compileLinearRegex`), `paths` that are not a non-empty list of strings.
 */
export function checkTransform(value: unknown, component: string): ContentTransform {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail(component, ' must be an object with a type');
  const raw = value as Record<string, unknown>;
  const type = raw.type;
  if (typeof type !== 'string' || !(contentTransformTypes as readonly string[]).includes(type)) {
    throw fail(
      component,
      `.type must be one of ${contentTransformTypes.join(', ')}, got ${describeValue(type)}`,
    );
  }
  const t = type as ContentTransform['type'];
  let params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'type' || v === undefined) continue;
    if (k === 'params') {
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        throw fail(component, '.params must be an object');
      params = { ...params, ...(v as Record<string, unknown>) };
    } else
      Object.defineProperty(params, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && !allowed[t].includes(k)) {
      throw fail(
        component,
        `.${k} is not a parameter of ${t} (its parameters: ${allowed[t].join(', ') || 'none'})`,
      );
    }
  }
  switch (t) {
    case 'full':
      return { type: 'full' };
    case 'excerpt': {
      const out: ContentTransform = { type: 'excerpt' };
      if (params.query !== undefined) out.query = text(component, params.query, 'query');
      if (params.offset !== undefined) out.offset = integer(component, params.offset, 'offset', 0);
      if (params.length !== undefined) out.length = integer(component, params.length, 'length', 1);
      return out;
    }
    case 'summary':
      return params.maxTokens === undefined
        ? { type: 'summary' }
        : { type: 'summary', maxTokens: integer(component, params.maxTokens, 'maxTokens', 1) };
    case 'first_n':
    case 'last_n': {
      const n = integer(component, params.n, 'n', 1);
      const unit = params.unit ?? 'lines';
      if (unit !== 'lines' && unit !== 'chars' && unit !== 'tokens') {
        throw fail(component, `.unit must be 'lines', 'chars' or 'tokens', got ${describeValue(unit)}`);
      }
      return { type: t, n, unit };
    }
    case 'filtered': {
      const out: ContentTransform = { type: 'filtered' };
      if (params.pattern !== undefined) out.pattern = text(component, params.pattern, 'pattern');
      if (params.regex !== undefined) {
        if (typeof params.regex !== 'boolean') throw fail(component, '.regex must be a boolean');
        out.regex = params.regex;
      }
      if (params.paths !== undefined) {
        const paths = params.paths;
        if (
          !Array.isArray(paths) ||
          paths.length === 0 ||
          paths.length > 50 ||
          !paths.every((p) => typeof p === 'string' && p.length > 0 && p.length <= maxPatternLength)
        ) {
          throw fail(component, '.paths must be a list of 1–50 JSON paths such as "$.items[*].title"');
        }
        out.paths = [...paths] as string[];
      }
      if (params.maxLines !== undefined) out.maxLines = integer(component, params.maxLines, 'maxLines', 1);
      if ((out.pattern === undefined) === (out.paths === undefined))
        throw fail(component, ' filtered needs exactly one of pattern or paths');
      // Compiled now, so a pattern the linear-time engine cannot run is refused here, not when matched.
      if (out.regex && out.pattern !== undefined)
        compileLinearRegex(out.pattern, component, 'transform.pattern');
      return out;
    }
  }
}
