/**
 * What one rule reads in a user's sentence: a keyed fact the user states about themselves, or the end of one
 * ("I'm no longer vegetarian", "I quit the cello").
 */
export type SelfStatement =
  | {
      /** States a fact. */
      type: 'fact';
      /** The fact's key: `user.name`, `user.home`, `user.allergy:peanuts`… (a multi-valued key ends with `:<value>`). */
      key: string;
      /** The stated value, as the user wrote it. */
      value: string;
      /** The canonical sentence a search finds ("The user lives in Porto (…)."). */
      text: string;
    }
  | {
      /** Ends the current facts of these key families whose value contains `value`. */
      type: 'end';
      /** Key families (`user.diet`, `user.hobby`, …): a key is in a family when it is the family or starts with `family:`. */
      families: readonly string[];
      /** The value no longer true (lowercase words); empty ends the family's current facts whatever their value. */
      value: string;
    };

/** Whether `key` belongs to the key family `family` (`user.hobby:pottery` to `user.hobby`). */
export const inFamily = (key: string, family: string) => key === family || key.startsWith(`${family}:`);

/** The key of a multi-valued family for one value: `user.allergy:peanuts` (lowercase, spaces as `-`). */
export const multiKey = (family: string, value: string) =>
  `${family}:${value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')}`;

/** One rule: a pattern over a normalised sentence (see `normalizeSentence`) and what its groups state. */
export interface SelfFactRule {
  /** What it reads (for tests and reports). */
  name: string;
  /** A cheap test a sentence must pass before the pattern is tried (its keywords): most sentences state nothing. */
  cue: RegExp;
  /** The pattern (without flags: the `gu` flags are added). */
  pattern: string;
  /** The statements of one match: `g` holds its groups (trimmed, leading filler removed); `sentence` is the sentence matched. */
  make(g: readonly string[], sentence: string): SelfStatement[];
}
