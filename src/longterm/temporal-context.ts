import type { ParsedResult } from 'chrono-node';
// English only: chrono-node's root module loads all of its 16 locales (266 files, ~90 ms of every process's import of
// engram); its root `parse` is this module's (`en.casual`).
import { parse as parseDates } from 'chrono-node/en';

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Words a date is asked about by: day of month, month name, year, weekday (UTC). */
export function dateWords(date: Date, precision: 'day' | 'month' | 'year' = 'day'): string {
  const parts = [String(date.getUTCFullYear())];
  if (precision !== 'year') parts.unshift(months[date.getUTCMonth()] as string);
  if (precision === 'day') parts.unshift(String(date.getUTCDate()), days[date.getUTCDay()] as string);
  return parts.join(' ');
}

const dateWordsLine = new RegExp(`^(?:\\d{1,2} (?:${days.join('|')}) )?(?:(?:${months.join('|')}) )?\\d{4}$`);

/**
 * Whether a date expression chrono found in a question names a day, week, month or year ("yesterday", "last week",
 * "this morning", "tonight", "on Friday"), not only a time of day that names no date: a bare "morning", "night",
 * "evening", "afternoon", "noon", "midnight" or "weekend" ("what do I eat at night?", "my evening routine") is
 * a habit, and chrono reads it as today's, which would add the words of the conversation's latest date to the
 * question. Explicit dates ("7 May 2023") are judged by their own words.
 */
export function namesADate(result: Pick<ParsedResult, 'text'>): boolean {
  return !timeOfDayOnly.test(result.text.trim().toLowerCase());
}

const timeOfDayOnly =
  /^(?:(?:at|in|during|on|by|over)\s+)?(?:the\s+)?(?:mornings?|afternoons?|evenings?|nights?|noon|midnight|weekends?)$/;

/** The longest question scanned for relative dates. */
const maxQueryScan = 2048;

/** The last question found to name no relative date: a search asks twice (which clock, which words), chrono reads it once. */
let lastWithoutRelativeDate: string | undefined;

/**
 * The relative dates a question names ("yesterday", "last week", "this morning"; not "7 May 2023", whose words are
 * already in the question, nor a bare time of day: {@link namesADate}), resolved against `now`; empty for a
 * question chrono cannot read. Whether a question names one does not depend on `now`, so the last question
 * that named none is remembered and answered without parsing again.
 */
export function relativeDates(query: string, now: Date): ParsedResult[] {
  if (query === lastWithoutRelativeDate) return [];
  let found: ParsedResult[];
  try {
    found = parseDates(query.slice(0, maxQueryScan), now, { forwardDate: false }).filter(
      (r) => !/\d/.test(r.text) && namesADate(r),
    );
  } catch {
    found = []; // a query chrono cannot read has no dates
  }
  if (found.length === 0) lastWithoutRelativeDate = query;
  return found;
}

/** Whether a line is the words of one date as {@link dateWords} writes them (a turn record's context carries such lines). */
export const isDateWords = (line: string): boolean => typeof line === 'string' && dateWordsLine.test(line);

/** The longest text scanned for date expressions. */
const maxScan = 8192;

/**
 * The dates a text mentions, resolved against the time it was said (chrono): "yesterday" said on 8 May 2023
 * is "7 sunday may 2023". Durations ("for 3 years") and "now" are left out. Returns the words of each date, so
 * a question about "7 May 2023" or "May 2023" finds a turn that said "yesterday".
 */
export function mentionedDates(text: string, saidAt: Date): string[] {
  const out: string[] = [];
  let parsed: ParsedResult[];
  try {
    parsed = parseDates(text.slice(0, maxScan), saidAt, { forwardDate: false });
  } catch {
    return out;
  }
  for (const result of parsed) {
    const phrase = result.text.toLowerCase();
    if (/^(for|now|today|tonight|this)\b/.test(phrase) && !/\d/.test(phrase)) continue;
    if (/^for\b/.test(phrase)) continue;
    const date = result.start.date();
    if (Number.isNaN(date.getTime())) continue;
    const precision =
      result.start.isCertain('day') || /\b(yesterday|ago|last|week|weekend|day)\b/.test(phrase)
        ? 'day'
        : result.start.isCertain('month')
          ? 'month'
          : 'year';
    out.push(dateWords(date, precision));
  }
  return out;
}
