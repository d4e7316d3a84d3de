/** A UUID in PostgreSQL's text form. Checked before a query, since a malformed one makes the cast fail (500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path or query can be a row id at all (anything else is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
