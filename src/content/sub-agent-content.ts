import { checkMethods } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId, createId, maxIdLength } from '../core/ids.ts';
import type { ContentStore } from './create-content-store.ts';
import { safeCut } from './transforms/text-slices.ts';

/**
 * How a sub-agent gets content (seed 004's `ShareMemoryWithSubAgents`): `shared` — the parent's own store (what
 * either stores, the other sees); `snapshot` — a new space holding a copy of the parent's items at the time of
 * the call (later changes stay apart); `isolated` — a new, empty space.
 */
export type SubAgentContentMode = 'shared' | 'snapshot' | 'isolated';

/**
 * The content store a sub-agent should use, by mode. A new space is named `space` when given, else
 * `<parent space>/<generated id>`; it lives in the parent's scope and store.
 * @example
 * const child = await contentForSubAgent(parent, 'snapshot');
 */
export async function contentForSubAgent(
  parent: ContentStore,
  mode: SubAgentContentMode,
  space?: string,
): Promise<ContentStore> {
  if (mode !== 'shared' && mode !== 'snapshot' && mode !== 'isolated') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'content',
      message: `mode must be 'shared', 'snapshot' or 'isolated', got ${describeValue(mode)}`,
    });
  }
  checkMethods(parent, 'contentForSubAgent(parent) (a content store)', 'content', [
    'withSpace',
    'snapshot',
    'restore',
  ]);
  // Only a missing space is generated: a null or other non-id one is a mistake, refused naming this argument.
  if (space !== undefined) checkId(space, 'contentForSubAgent(parent, mode, space)', 'content');
  if (mode === 'shared') return parent;
  const child = parent.withSpace(space ?? generatedSpace(parent.space));
  if (mode === 'snapshot') await child.restore(await parent.snapshot());
  return child;
}

/**
 * `<parent space>/<generated id>`, its last {@link maxIdLength} code units when longer: the cut moves forward off a
 * surrogate pair, so the name never starts with a lone surrogate (which the id rule refuses).
 */
function generatedSpace(parent: string): string {
  const name = `${parent}/${createId('sub')}`;
  return name.slice(safeCut(name, name.length - maxIdLength, 'forward'));
}
