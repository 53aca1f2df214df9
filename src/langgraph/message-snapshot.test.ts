import { AIMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snapshot, unchanged } from './message-snapshot.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every object and array inside a value, with a way to edit it in place. */
function containers(
  value: Json,
  out: (Json[] | Record<string, Json>)[] = [],
): (Json[] | Record<string, Json>)[] {
  if (typeof value === 'object' && value !== null) {
    out.push(value);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

describe('message snapshots', () => {
  it('an untouched object is unchanged; after any in-place edit, unchanged implies the same JSON (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue() as fc.Arbitrary<Json>),
        fc.nat(),
        fc.constantFrom('set', 'add', 'delete', 'replace-equal', 'none'),
        fc.jsonValue() as fc.Arbitrary<Json>,
        (value, pick, edit, next) => {
          const snap = snapshot(value)!;
          expect(unchanged(value, snap)).toBe(true);
          const before = JSON.stringify(value);
          const all = containers(value);
          const target = all[pick % all.length]!;
          const keys = Object.keys(target);
          const key = keys.length > 0 ? keys[pick % keys.length]! : undefined;
          if (edit === 'set' && key !== undefined) (target as Record<string, Json>)[key] = next;
          else if (edit === 'add' && !Array.isArray(target)) target[`new-${pick}`] = next;
          else if (edit === 'add') (target as Json[]).push(next);
          else if (edit === 'delete' && key !== undefined && !Array.isArray(target)) delete target[key];
          else if (edit === 'replace-equal' && key !== undefined)
            (target as Record<string, Json>)[key] = JSON.parse(
              JSON.stringify((target as Record<string, Json>)[key]),
            );
          if (unchanged(value, snap)) expect(JSON.stringify(value)).toBe(before);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sees edits to a LangChain message: content, a tool call argument, an added kwarg, the class', () => {
    const make = () =>
      new AIMessage({
        id: 'a',
        content: 'hi',
        tool_calls: [{ id: 'c', name: 'f', args: { q: 1 }, type: 'tool_call' }],
      });
    const edits: ((m: AIMessage) => void)[] = [
      (m) => {
        m.content = 'bye';
      },
      (m) => {
        m.tool_calls![0]!.args.q = 2;
      },
      (m) => {
        m.additional_kwargs.extra = true;
      },
      (m) => {
        Object.setPrototypeOf(m, Object.prototype);
      },
    ];
    for (const edit of edits) {
      const m = make();
      const snap = snapshot(m)!;
      expect(unchanged(m, snap)).toBe(true);
      edit(m);
      expect(unchanged(m, snap)).toBe(false);
    }
  });

  it('gives no snapshot for what it cannot copy (a Map, a function), and walks a cycle once', () => {
    expect(snapshot({ a: new Map() })).toBeUndefined();
    expect(snapshot({ a: () => 1 })).toBeUndefined();
    const cyclic: Record<string, unknown> = { x: 1 };
    cyclic.self = cyclic;
    const round = snapshot(cyclic)!;
    expect(unchanged(cyclic, round)).toBe(true);
    cyclic.x = 2;
    expect(unchanged(cyclic, round)).toBe(false);
    const dated = { at: new Date(5) };
    const snap = snapshot(dated)!;
    dated.at.setTime(6);
    expect(unchanged(dated, snap)).toBe(false);
  });
});
