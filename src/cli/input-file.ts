import { readFileSync } from 'node:fs';
import { BadInputError } from './bad-input-error.ts';

/** The text of an input file (UTF-8), or a bad-input error when it cannot be read. */
export function readInputFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new BadInputError(`cannot read ${file}: ${(error as Error).message}`);
  }
}
