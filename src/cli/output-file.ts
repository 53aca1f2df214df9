import { writeFileSync } from 'node:fs';
import { BadInputError } from './bad-input-error.ts';

/**
 * Writes a command's output to the file `--out` names; a bad-input error naming `--out` and the reason when it
 * cannot be written (no such folder, a directory, no permission), never a raw errno message.
 */
export function writeOutputFile(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const why =
      code === 'ENOENT'
        ? 'its folder does not exist'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'no permission to write it'
            : (error as Error).message;
    throw new BadInputError(`--out ${file}: cannot write the file: ${why}`);
  }
}
