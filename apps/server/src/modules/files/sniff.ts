/** How many leading bytes `sniffMimeType` needs to decide. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

// ISO base media brands that browsers play as video/mp4 (QuickTime 'qt  ' and 3GP are left out).
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
]);

/**
 * The format of a file from its first bytes (its "magic number"), whatever its name or the type
 * the browser claimed: a renamed executable or HTML page is not a PDF. Null when unknown.
 */
export function sniffMimeType(head: Buffer): string | null {
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6))) return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return 'video/mp4';
  // EBML header whose DocType is 'webm' (plain Matroska is not played by every browser).
  if (
    startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) &&
    head.subarray(4, SNIFF_BYTES).includes('webm', 0, 'latin1')
  )
    return 'video/webm';
  return null;
}
