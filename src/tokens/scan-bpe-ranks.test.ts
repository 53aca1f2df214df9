import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BPE_ENCODINGS } from './model-encodings.ts';
import type { RankBytesSink } from './rank-table.ts';
import { readRankModule, readRankModuleSync, requireBpeRanks } from './read-bpe-ranks.ts';
import { type Bytes, readString, readToken, scanBpeRanks } from './scan-bpe-ranks.ts';

/** A sink that keeps each token's bytes. */
const recorder = () => {
  const tokens: Uint8Array[] = [];
  const sink: RankBytesSink = { addBytes: (bytes, length) => tokens.push(bytes.slice(0, length)) };
  return { tokens, sink };
};

/** A token's UTF-8 bytes as the module gives it (a string: its UTF-8, lone surrogates as U+FFFD). */
const bytesOf = (token: string | readonly number[]) =>
  typeof token === 'string' ? new TextEncoder().encode(token) : Uint8Array.from(token);

const bytes = (): Bytes => ({ buffer: new Uint8Array(4), length: 0 });

describe('scanBpeRanks', () => {
  it.each(BPE_ENCODINGS)(
    '%s: the tokens scanned from the module text are the module required, byte for byte, in rank order',
    async (encoding) => {
      const text = await readRankModule(encoding);
      expect(text).toBe(readRankModuleSync(encoding));
      const scan = scanBpeRanks(text as string);
      expect(scan).toBeDefined(); // the shipped module is in the form it scans (else the slow path would always run)
      const { tokens, sink } = recorder();
      // In slices, as the asynchronous load scans it.
      let state: string;
      do state = scan!.next(sink, 777);
      while (state === 'more');
      expect(state).toBe('done');
      const decoder = requireBpeRanks(encoding);
      expect(tokens.length).toBe(decoder.length);
      decoder.forEach((token, rank) => {
        if (Buffer.compare(tokens[rank]!, bytesOf(token)) !== 0)
          expect([rank, [...tokens[rank]!]]).toEqual([rank, [...bytesOf(token)]]);
      });
    },
    60_000,
  );

  it('refuses text not in the generated form', () => {
    expect(scanBpeRanks('module.exports = ["a"];')).toBeUndefined();
    expect(scanBpeRanks('const c0 = [\n\t"a"\n];\nconst bpe = c1;\n')).toBeUndefined();
    const odd = scanBpeRanks('const c0 = [\n\t"a",\n\t`b`\n];\nconst bpe = c0;\n')!;
    const { tokens, sink } = recorder();
    expect(odd.next(sink, 10)).toBe('invalid');
    expect(tokens.map((t) => [...t])).toEqual([[0x61]]);
    const fine = scanBpeRanks(
      'const c0 = [\n\t"a",\n\t[255, 0]\n];\nconst c1 = [\n\t"\\u00e9"\n];\nconst bpe = c0.concat(c1);\n',
    )!;
    const all = recorder();
    expect(fine.next(all.sink, 10)).toBe('done');
    expect(all.tokens.map((t) => [...t])).toEqual([[0x61], [255, 0], [0xc3, 0xa9]]);
  });

  it("a string literal in any JS form decodes to its string's UTF-8 (property)", () => {
    // Each code unit written raw or as one of the escapes JS has for it; lone surrogates included.
    const unitForms = (u: number): fc.Arbitrary<string> => {
      const raw = String.fromCharCode(u);
      const forms: string[] = [`\\u${u.toString(16).padStart(4, '0')}`, `\\u{${u.toString(16)}}`];
      if (u < 256) forms.push(`\\x${u.toString(16).padStart(2, '0').toUpperCase()}`);
      const named: Record<number, string> = {
        8: '\\b',
        9: '\\t',
        10: '\\n',
        11: '\\v',
        12: '\\f',
        13: '\\r',
        34: '\\"',
        92: '\\\\',
        39: "\\'",
      };
      if (named[u]) forms.push(named[u]!);
      if (u !== 0x22 && u !== 0x5c && u !== 10 && u !== 13) forms.push(raw);
      if (u === 0) forms.push('\\0');
      if (/[a-zA-Z]/.test(raw) && !'bfnrtvux'.includes(raw)) forms.push(`\\${raw}`); // an identity escape
      return fc.constantFrom(...forms);
    };
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xffff }),
      fc.constantFrom(0x22, 0x5c, 0, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0x2028),
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 12 }).chain((units) =>
          fc.tuple(
            fc.constant(units),
            fc.tuple(...units.map(unitForms)).map((parts) => parts.join('')),
          ),
        ),
        ([units, literal]) => {
          // `\0` before a digit would be octal: keep such pairs out by writing the next unit escaped.
          fc.pre(!/\\0[0-9]/.test(literal));
          const text = `"${literal}"`;
          const out = bytes();
          expect(readString(text, 1, text.length, out)).toBe(text.length);
          const expected = new TextEncoder().encode(String.fromCharCode(...units));
          expect([...out.buffer.subarray(0, out.length)]).toEqual([...expected]);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('does not take what it cannot decode exactly', () => {
    for (const line of [
      '\t"\\1"',
      '\t"a\nb"',
      '\t"\\x4"',
      '\t"\\u{110000}"',
      '\t"open',
      '\t[256]',
      '\t[1 2]',
      '\t[010]', // octal outside strict mode: 8, not 10
      '\t"a"\n\t"b"', // no comma between two tokens: a syntax error, not two tokens
      '\tx',
      '"a"',
    ])
      expect(readToken(line, 0, line.length, bytes()), line).toBe(-1);
  });
});
