/** Small text helpers for the UI. */

/**
 * A function's name as words: `check_calendar_availability` → "Check calendar availability",
 * `lookupOrderByID` → "Lookup order by ID". Acronyms keep their capitals.
 */
export function humanizeName(name: string): string {
  const s = name.slice(0, 200);
  const shouting = s === s.toUpperCase();
  const text = s
    // A capital starts a word after a lower-case letter or digit, or ends an acronym (HTTPResponse → HTTP Response).
    .replace(/([\p{Ll}\d])(\p{Lu})|(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1$3 $2$4')
    .split(/[\s_\-.:/]+/)
    .filter(Boolean)
    .map((w) => (!shouting && w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
