import { describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { toArtifact } from './sql-rows.ts';

const row = {
  id: 'a1',
  kind: 'summary',
  from_seq: 1,
  to_seq: 3,
  data: '{"text":"hi","n":[1,2]}',
  created_at: 5,
};

describe('toArtifact', () => {
  it('reads as a plain artifact: data parsed on first read, equal to a plain object, spread and stringified whole', () => {
    const artifact = toArtifact(row);
    const plain = {
      id: 'a1',
      kind: 'summary',
      fromSeq: 1,
      toSeq: 3,
      data: { text: 'hi', n: [1, 2] },
      createdAt: new Date(5),
    };
    expect(artifact).toStrictEqual(plain);
    expect({ ...artifact }).toStrictEqual(plain);
    expect(JSON.parse(JSON.stringify(artifact))).toEqual(JSON.parse(JSON.stringify(plain)));
    expect(artifact.data).toBe(artifact.data);
  });

  it('data can be set like any property, and JSON null is kept (parsed once)', () => {
    const artifact = toArtifact(row);
    artifact.data = { other: true };
    expect(artifact.data).toEqual({ other: true });
    const nullData = toArtifact({ ...row, data: 'null' });
    expect(nullData.data).toBeNull();
    expect(toArtifact({ ...row, data: { parsed: 1 } }).data).toEqual({ parsed: 1 });
  });

  it('a row whose data is not JSON lists, and a read of its data throws STORE_ERROR naming the artifact', () => {
    const artifact = toArtifact({ ...row, data: '{broken' });
    expect(artifact.id).toBe('a1');
    expect(() => artifact.data).toThrow(MemoryError);
    expect(() => artifact.data).toThrow(/artifact a1: its stored data is not JSON/);
    try {
      void artifact.data;
    } catch (error) {
      expect(MemoryError.hasCode(error, 'STORE_ERROR')).toBe(true);
    }
  });
});
