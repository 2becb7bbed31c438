import { describe, expect, it } from 'vitest';
import { sniffMimeType } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('format sniffing', () => {
  it.each([
    ['application/pdf', bytes('%PDF-1.4\n')],
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/gif', bytes('GIF89a')],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['video/mp4', bytes([0, 0, 0, 0x18], 'ftypmp42')],
    ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm')],
  ])('recognises %s from its first bytes', (mimeType, head) => {
    expect(sniffMimeType(head)).toBe(mimeType);
  });

  it.each([
    ['HTML', bytes('<!DOCTYPE html><script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['a Windows executable', bytes('MZ', [0x90, 0])],
    ['nothing', Buffer.alloc(0)],
  ])('does not take %s for an accepted format', (_name, head) => {
    expect(sniffMimeType(head)).toBeNull();
  });
});
