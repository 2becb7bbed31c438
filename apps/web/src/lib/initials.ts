/** SPEC 5 avatar initials: first letters of the full name (at most 2), else the first 2 of the email. */
export function getInitials(fullName: string | null | undefined, email: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return (
      words
        .slice(0, 2)
        // Array.from keeps a character outside the BMP (two UTF-16 units) whole.
        .map((word) => Array.from(word)[0] ?? '')
        .join('')
        .toLocaleUpperCase()
    );
  }
  return Array.from((email ?? '').trim())
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase();
}
