import { writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

/**
 * Type-checks a consumer of the installed package in `dir` the way a user's strict NodeNext project would,
 * including the package's own declaration files (as with `skipLibCheck: false`; other libraries' declarations
 * are not checked). The consumer imports every entry point. Returns the diagnostics, formatted.
 */
export function typecheckConsumer(dir: string, packageName: string, entries: string[]): string[] {
  const file = join(dir, 'consumer.ts');
  const imports = entries.map((entry, i) => `import * as entry${i} from '${entry}';`);
  writeFileSync(
    file,
    `${imports.join('\n')}\nexport const entries = [${entries.map((_, i) => `entry${i}`)}];\n`,
  );
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2024,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [join(dir, 'node_modules/@types')],
  });
  const ownFiles = `${sep}node_modules${sep}${packageName}${sep}`;
  const diagnostics = program
    .getSourceFiles()
    .filter((source) => source.fileName === file || source.fileName.split('/').join(sep).includes(ownFiles))
    .flatMap((source) => [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]);
  return diagnostics.map((diagnostic) =>
    ts.formatDiagnostic(diagnostic, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    }),
  );
}
