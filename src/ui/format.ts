/** Small text helpers for the UI. */

/**
 * A function's name as words: `check_calendar_availability` → "Check calendar availability",
 * `lookupOrderByID` → "Lookup order by ID". Acronyms keep their capitals.
 */
export function humanizeName(name: string): string {
  const words: string[] = [];
  let word = '';
  const s = name.slice(0, 200);
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (/[\s_\-.:/]/.test(c)) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    const prev = s[i - 1] ?? '';
    const upper = c !== c.toLowerCase();
    const prevUpper = prev !== prev.toLowerCase();
    const prevLower = prev !== prev.toUpperCase() || /\d/.test(prev);
    const nextLower = (s[i + 1] ?? '') !== (s[i + 1] ?? '').toUpperCase();
    // A capital starts a word after a lower-case letter, or ends an acronym (HTTPResponse → HTTP Response).
    if (word && upper && (prevLower || (prevUpper && nextLower))) {
      words.push(word);
      word = '';
    }
    word += c;
  }
  if (word) words.push(word);
  const shouting = s === s.toUpperCase();
  const text = words
    .map((w) => (!shouting && w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
