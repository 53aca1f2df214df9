import { errorText } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { jsonValueIssue } from './json-value.ts';
import { formatPath } from './validate.ts';

/**
 * Throws `InvalidValueError` (`INVALID_ARGUMENT`) naming the path (`what` first) unless `value` is a JSON value
 * every driver reads back identical (`jsonValueIssue`: no NaN, ±Infinity, -0, BigInt, function, symbol, Map,
 * Set, Date, class instance, sparse array, `undefined` array element, cycle, or nesting over `maxJsonDepth`).
 */
export function checkJsonValue(value: unknown, what: string, component: string): void {
  const issue = jsonValueIssue(value);
  if (issue) {
    throw new InvalidValueError({ path: joinPath(what, issue.path), problem: issue.problem, component });
  }
}

/** `what` followed by a path from its root: `state`, `state.items[3]`, `metadata["a b"]`. */
export function joinPath(what: string, path: readonly (string | number)[]): string {
  const rest = formatPath(path);
  const name = errorText(what);
  return rest === '' || rest.startsWith('[') ? `${name}${rest}` : `${name}.${rest}`;
}
