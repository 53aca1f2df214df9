import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';
import { renderReports } from './api-report.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-api-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('names the kind of every export, so a value that becomes a type (or back) shows in the report', () => {
  writeFileSync(
    join(dir, 'parts.ts'),
    [
      'export class Shape {}',
      'export function helper(): void {}',
      'export const LIMIT = 1;',
      'export interface Options { a: number }',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'entry.ts'),
    [
      "export { Shape, helper } from './parts.ts';",
      "export type { Shape as ShapeType } from './parts.ts';",
      "import { LIMIT } from './parts.ts';",
      'export type Limit = typeof LIMIT;',
      "export { type Options } from './parts.ts';",
      'export let counter = 0;',
      'export const Schema = { kind: 1 };',
      'export type Schema = { kind: number };',
      'export enum Color { Red }',
      "export * as parts from './parts.ts';",
    ].join('\n'),
  );
  const entry = { specifier: 'fixture', source: join(dir, 'entry.ts') };
  const [report] = renderReports([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
  }).values();
  expect(report?.split('\n').filter((line) => line.startsWith('| `'))).toEqual([
    '| `Color` | enum |',
    '| `Limit` | type |',
    '| `Options` | interface |',
    '| `Schema` | const + type |',
    '| `Shape` | class |',
    '| `ShapeType` | type-only class |',
    '| `counter` | let |',
    '| `helper` | function |',
    '| `parts` | namespace |',
  ]);
});
