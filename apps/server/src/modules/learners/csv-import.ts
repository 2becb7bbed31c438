import type { ImportFailure, ImportPreview, ImportPreviewRow } from '@cursus/contracts';
import { EmailSchema, LEARNER_IMPORT_MAX_ROWS } from '@cursus/contracts';
import iconv from 'iconv-lite';
import Papa from 'papaparse';

/**
 * The CSV learner import (SPEC 3 and 5: name, firstname, email, phone optional) is parsed on the
 * server, never in the browser: one decoder for every browser, and the verdict the import acts on
 * is the one the preview showed. The import route checks each row again (the rows come back from
 * the browser), so the preview is honest but the server's second look is what counts.
 */

/** Headers as people write them, in French or English, accents and case aside. */
const HEADER_ALIASES: Record<string, 'lastName' | 'firstName' | 'email' | 'phone'> = {
  name: 'lastName',
  nom: 'lastName',
  lastname: 'lastName',
  nomdefamille: 'lastName',
  firstname: 'firstName',
  prenom: 'firstName',
  email: 'email',
  mail: 'email',
  courriel: 'email',
  adresseemail: 'email',
  phone: 'phone',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
};

const normalizeHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * UTF-8 (a BOM or not) when the bytes are valid UTF-8; otherwise Windows-1252, which older French
 * Excel writes ("Hélène" as 0xE9): a byte sequence invalid in UTF-8 cannot be meant as UTF-8.
 */
export function decodeCsv(bytes: Buffer): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'windows-1252' };
  }
}

/** The separator of the header line: French Excel writes `;`, others `,`. */
function detectSeparator(text: string): ';' | ',' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

const PHONE = /^\+?[0-9 .()-]{6,20}$/;
const LIMITS = { lastName: 100, firstName: 100, email: 254, phone: 30 };

export interface CandidateRow {
  line: number;
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
}

/** Why a row cannot be imported on its own (duplicates and existing accounts are checked later). */
export function rowFailure(row: Omit<CandidateRow, 'line'>): ImportFailure | null {
  if (!row.lastName) return 'missing_name';
  if (!row.firstName) return 'missing_firstname';
  if (!row.email) return 'missing_email';
  if (
    row.lastName.length > LIMITS.lastName ||
    row.firstName.length > LIMITS.firstName ||
    row.phone.length > LIMITS.phone
  )
    return 'too_long';
  if (!EmailSchema.safeParse(row.email).success) return 'invalid_email';
  if (row.phone && !PHONE.test(row.phone)) return 'invalid_phone';
  return null;
}

export class CsvImportError extends Error {
  constructor(readonly code: 'CSV_MISSING_COLUMNS' | 'CSV_TOO_MANY_ROWS' | 'CSV_EMPTY') {
    super(code);
  }
}

/**
 * Decodes and parses the file, and checks each row alone and against the rows above it (the first
 * of two rows with one address is kept). Rows that are entirely empty are skipped.
 */
export function parseLearnerCsv(bytes: Buffer): Omit<ImportPreview, 'rows'> & { rows: ImportPreviewRow[] } {
  const { text, encoding } = decodeCsv(bytes);
  const separator = detectSeparator(text);
  const parsed = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header) throw new CsvImportError('CSV_EMPTY');
  const columns = new Map<string, number>();
  header.forEach((name, index) => {
    const field = HEADER_ALIASES[normalizeHeader(name)];
    if (field && !columns.has(field)) columns.set(field, index);
  });
  if (!columns.has('lastName') || !columns.has('firstName') || !columns.has('email'))
    throw new CsvImportError('CSV_MISSING_COLUMNS');
  if (records.length > LEARNER_IMPORT_MAX_ROWS) throw new CsvImportError('CSV_TOO_MANY_ROWS');
  const cell = (record: string[], field: string) => {
    const index = columns.get(field);
    return index === undefined ? '' : (record[index] ?? '').replace(/\s+/g, ' ').trim();
  };
  const seen = new Set<string>();
  // Rows are numbered as a spreadsheet shows them (the header is row 1): a quoted line break stays
  // inside its row there, so a failed row is found where people look for it.
  const rows: ImportPreviewRow[] = [];
  records.forEach((record, index) => {
    const row = {
      lastName: cell(record, 'lastName'),
      firstName: cell(record, 'firstName'),
      email: cell(record, 'email').toLowerCase(),
      phone: cell(record, 'phone'),
    };
    let reason = rowFailure(row);
    if (!reason && seen.has(row.email)) reason = 'duplicate_in_file';
    if (!reason) seen.add(row.email);
    rows.push({ line: index + 2, ...row, state: reason ? 'failed' : 'pending', reason });
  });
  return { encoding, separator, rows };
}
