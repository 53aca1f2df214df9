import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** The fields of the memory tool's commands (`memory_20250818`). */
const commandFields = [
  'command',
  'path',
  'view_range',
  'file_text',
  'old_str',
  'new_str',
  'insert_line',
  'insert_text',
  'old_path',
  'new_path',
] as const;

/** The fields a command sent, as sent (each checked by the command that uses it); a field not sent is left out. */
export type CommandFields = Partial<Record<(typeof commandFields)[number], unknown>>;

const refuse = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'memory-tool', message });

/**
 * The fields of a command, read from its own enumerable properties only, as `JSON.parse` makes them: a plain object
 * (or one without a prototype). A field that is inherited (from a prototype, `Object.prototype` included), a getter
 * or not enumerable is `INVALID_ARGUMENT` naming it, as `checkScope` refuses such a scope field: an inherited field
 * is what a plain read finds but not what the caller sent, and a getter may answer one read one value and the next
 * another. Anything but a plain object is `INVALID_ARGUMENT` too. Keys the commands do not have are ignored.
 */
export function readCommand(input: unknown): CommandFields {
  if (typeof input !== 'object' || input === null)
    throw refuse(`The command must be a plain object with a \`command\`, got ${describeValue(input)}.`);
  const fields: CommandFields = {};
  for (const field of commandFields) {
    const own = Object.getOwnPropertyDescriptor(input, field);
    if (own === undefined) {
      if (field in input) throw refuse(`\`${field}\` must be the command's own field (it is inherited)`);
      continue;
    }
    const why = !('value' in own) ? 'a getter' : !own.enumerable ? 'not enumerable' : undefined;
    if (why) throw refuse(`\`${field}\` must be the command's own field (it is ${why})`);
    if (own.value !== undefined) fields[field] = own.value;
  }
  const proto = Object.getPrototypeOf(input);
  if (proto !== Object.prototype && proto !== null) {
    const kind = describeValue(input); // `an array`, `a Date`, else `an object`
    throw refuse(
      `The command must be a plain object with a \`command\` (as JSON.parse makes one), got ${kind === 'an object' ? 'an object with a prototype other than Object.prototype (a class instance, a Map, …)' : kind}.`,
    );
  }
  return fields;
}
