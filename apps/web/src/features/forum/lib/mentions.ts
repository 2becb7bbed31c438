import type { ForumPerson } from '@cursus/contracts';

/** How far after an @ the picker keeps searching: long enough for a first and last name. */
const MENTION_QUERY_MAX = 40;

/** Case and accents apart, so "@helene" finds "Hélène". */
function normalize(value: string): string {
  return value
    .normalize('NFD')
    .replaceAll(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** The @ being typed just before the caret, if any: where it starts and what follows it. */
export function findMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0 || caret - start - 1 > MENTION_QUERY_MAX) return null;
  // An @ inside a word (an address) is not a mention.
  if (start > 0 && !/\s/.test(before[start - 1]!)) return null;
  const query = before.slice(start + 1);
  if (/[\n@]/.test(query)) return null;
  return { start, query };
}

/** The people whose name, or one of its words, starts with what was typed after the @. */
export function matchPeople(people: readonly ForumPerson[], query: string): ForumPerson[] {
  const wanted = normalize(query.trim());
  return people.filter((person) => {
    const name = normalize(person.fullName);
    return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
  });
}

/** The text with `@<name> ` in place of the @ being typed, and where the caret goes next. */
export function insertMention(
  text: string,
  mention: { start: number; caret: number },
  person: ForumPerson,
): { text: string; caret: number } {
  const inserted = `@${person.fullName} `;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(mention.caret),
    caret: mention.start + inserted.length,
  };
}

/** The people picked whose `@<name>` is still in the text: erasing a mention unnames them. */
export function mentionsIn(text: string, picked: readonly ForumPerson[]): ForumPerson[] {
  const seen = new Set<string>();
  return picked.filter((person) => {
    if (seen.has(person.id) || !text.includes(`@${person.fullName}`)) return false;
    seen.add(person.id);
    return true;
  });
}

export type BodySegment = { text: string; mention?: ForumPerson };

/** A body cut into plain text and its mentions, longest names first (so "Anne Marie" beats "Anne"). */
export function splitMentions(body: string, mentions: readonly ForumPerson[]): BodySegment[] {
  const named = [...mentions]
    .filter((person) => person.fullName)
    .sort((a, b) => b.fullName.length - a.fullName.length);
  if (named.length === 0) return [{ text: body }];
  const escaped = named.map((person) => `@${person.fullName}`.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'g');
  return body
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => {
      const mention = named.find((person) => `@${person.fullName}` === part);
      return mention ? { text: part, mention } : { text: part };
    });
}
