import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { groupDigits } from '../../core/group-digits.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import type { CompactSummary } from '../content-compactor.ts';
import type { ContentItem } from '../content-item.ts';
import type { ContentTransform, TransformResult } from '../content-transform.ts';
import { serializeContent } from '../prepare-content-item.ts';
import { parseJsonPath, selectJsonPath } from './json-path.ts';
import { compileLinearRegex } from './linear-regex.ts';
import { excerpt, lines, takeEnd } from './text-slices.ts';

/** What {@link applyTransform} needs. */
export interface TransformContext {
  /** Counts tokens for `tokens` units and the summary cap. */
  counter: TokenCounter;
  /** Makes the `summary` (a compactor or a model); required for `summary`. */
  summarize?: (item: ContentItem, maxTokens: number) => Promise<CompactSummary>;
  /** The error prefix component. @default 'content' */
  component?: string;
}

/** Lines longer than this are matched by a `regex` filter on their first part only (bounds its work). */
const maxMatchedLineChars = 10_000;
const format = groupDigits;

function filterLines(
  text: string,
  pattern: string,
  regex: boolean,
  maxLines: number,
  component: string,
): TransformResult {
  const all = lines(text);
  const re = regex ? compileLinearRegex(pattern, component, 'transform.pattern') : undefined;
  const needle = pattern.toLowerCase();
  const kept: string[] = [];
  let matches = 0;
  all.forEach((line, i) => {
    const probe = re && line.length > maxMatchedLineChars ? line.slice(0, maxMatchedLineChars) : line;
    if (re ? re.test(probe) : probe.toLowerCase().includes(needle)) {
      matches++;
      if (kept.length < maxLines) kept.push(`${i + 1}: ${line}`);
    }
  });
  const shown = kept.length < matches ? ` (first ${format(kept.length)} shown)` : '';
  return {
    content: kept.join('\n'),
    complete: matches === all.length && kept.length === matches,
    description: `${format(matches)} of ${format(all.length)} lines match ${JSON.stringify(pattern)}${shown}`,
  };
}

function jsonValueOf(item: ContentItem, component: string): JSONValue {
  if (item.format === 'json') return item.content as JSONValue;
  try {
    return JSON.parse(item.content as string) as JSONValue;
  } catch {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `transform.paths needs JSON content; item "${item.id}" is text that is not JSON (use pattern instead)`,
    });
  }
}

/**
 * Shapes an item's content by a checked transform (see `checkTransform`): `full` returns it as stored; every
 * other transform works on text — the text itself, or for a JSON item its compact serialization (its
 * two-space pretty form for `first_n` / `last_n` by lines and for `filtered` by a pattern, so lines are
 * meaningful) — except `filtered` by `paths`, which returns `{ [path]: values }`. Cuts never split a surrogate pair.
 */
export async function applyTransform(
  item: ContentItem,
  transform: ContentTransform,
  ctx: TransformContext,
): Promise<TransformResult> {
  const component = ctx.component ?? 'content';
  const text = () => serializeContent(item.format, item.content);
  switch (transform.type) {
    case 'full':
      return {
        content: item.content,
        complete: true,
        description: `the whole ${item.format} content (${format(item.size)} bytes)`,
      };
    case 'excerpt': {
      const r = excerpt(text(), transform);
      return { content: r.text, complete: r.complete, description: r.description };
    }
    case 'first_n':
    case 'last_n': {
      const unit = transform.unit ?? 'lines';
      const source =
        item.format === 'json' && unit === 'lines' ? JSON.stringify(item.content, null, 2) : text();
      const r = takeEnd(
        source,
        transform.n,
        unit,
        transform.type === 'first_n' ? 'first' : 'last',
        ctx.counter,
      );
      return { content: r.text, complete: r.complete, description: r.description };
    }
    case 'filtered': {
      if (transform.paths) {
        const value = jsonValueOf(item, component);
        const out: Record<string, JSONValue> = {};
        let found = 0;
        for (const path of transform.paths) {
          const values = selectJsonPath(value, parseJsonPath(path, component));
          found += values.length;
          // Defined, not assigned: a path named `__proto__` (a JSON key the store keeps) is a key of the result.
          Object.defineProperty(out, path, {
            value: values,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        return {
          content: out,
          complete: false,
          description: `${format(found)} values at ${transform.paths.length} path${transform.paths.length === 1 ? '' : 's'}`,
        };
      }
      const lined = item.format === 'json' ? JSON.stringify(item.content, null, 2) : text();
      return filterLines(
        lined,
        transform.pattern!,
        transform.regex ?? false,
        transform.maxLines ?? 200,
        component,
      );
    }
    case 'summary': {
      if (!ctx.summarize) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: 'transform summary needs a summarizer or compactors',
        });
      }
      const maxTokens = transform.maxTokens ?? 400;
      const summary = await ctx.summarize(item, maxTokens);
      const body = summary.title ? `${summary.title}\n${summary.text}` : summary.text;
      const capped = takeEnd(body, maxTokens, 'tokens', 'first', ctx.counter);
      return {
        content: capped.text,
        complete: false,
        description: `a summary by the ${summary.compactor} compactor of ${format(item.size)} bytes`,
      };
    }
  }
}
