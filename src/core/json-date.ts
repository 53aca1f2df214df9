/** An ISO 8601 date-time as `Date.prototype.toJSON` writes it (years beyond 9999 with a sign and six digits). */
const isoDateTime = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/**
 * The Date a JSON round trip turned into a string: a Date is returned as is, a string in the form
 * `Date.prototype.toJSON` writes becomes that Date, and anything else (another string, a number, …) is returned
 * unchanged, so the caller's own check refuses it with a typed error naming the field. Lets documents that hold
 * Dates (snapshots, exports) be restored from `JSON.parse(JSON.stringify(document))`.
 */
export function dateFromJson(value: unknown): unknown {
  if (typeof value !== 'string' || !isoDateTime.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
}
