import { EmailSchema, type SendLineResult } from '@cursus/contracts';

export interface Recipient {
  line: number;
  email: string;
  /** The name the line gave, if any: the invitation greets them by it. */
  name: string | null;
}

const ADDRESS = /[^\s<>;,"'()[\]]+@[^\s<>;,"'()[\]]+/;
const SEPARATOR = /[;,\t]/;
const PHONE = /^\+?[\d\s.()-]+$/;

/**
 * Reads one pasted line: an address alone, "Anne Martin <anne@exemple.fr>", or a spreadsheet row
 * (SPEC 3 CSV import order: name; firstname; email — the other cells make the name).
 */
export function parseRecipientLine(raw: string): { email: string | null; name: string | null } {
  const line = raw.trim();
  const match = ADDRESS.exec(line);
  if (!match) return { email: null, name: null };
  const parsed = EmailSchema.safeParse(match[0]);
  if (!parsed.success) return { email: null, name: null };
  const rest = line.replace(match[0], '').replace(/[<>"]/g, '');
  const cells = rest
    .split(SEPARATOR)
    .map((cell) => cell.trim())
    // The CSV's optional phone cell is not part of a name.
    .filter((cell) => cell && !PHONE.test(cell));
  // name;firstname → "firstname name", as people are greeted.
  const name = cells.length === 2 ? `${cells[1]} ${cells[0]}` : cells.join(' ');
  return { email: parsed.data, name: name.replace(/\s+/g, ' ').trim() || null };
}

/**
 * Every line's outcome before sending: blank lines are skipped, an address seen on an earlier line
 * is a duplicate. `sent`/`replaced` are decided by the send itself.
 */
export function readRecipients(lines: readonly string[]): {
  recipients: Recipient[];
  results: SendLineResult[];
} {
  const recipients: Recipient[] = [];
  const results: SendLineResult[] = [];
  const seen = new Set<string>();
  lines.forEach((input, index) => {
    const line = index + 1;
    if (!input.trim()) {
      results.push({ line, input, email: null, status: 'empty' });
      return;
    }
    const { email, name } = parseRecipientLine(input);
    if (!email) {
      results.push({ line, input, email: null, status: 'invalid' });
      return;
    }
    if (seen.has(email)) {
      results.push({ line, input, email, status: 'duplicate' });
      return;
    }
    seen.add(email);
    recipients.push({ line, email, name });
    results.push({ line, input, email, status: 'sent' });
  });
  return { recipients, results };
}
