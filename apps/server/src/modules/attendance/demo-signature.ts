import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A signature-like PNG data URL (transparent, a dark stroke whose shape follows `seed`), as the
 * signature pad would send: for the demo sheet and the tests. `strokeless` gives the empty pad.
 */
export function drawSignaturePng(seed: number, options: { strokeless?: boolean } = {}): string {
  const width = 240;
  const height = 80;
  const pixels = Buffer.alloc((width * 4 + 1) * height);
  if (!options.strokeless)
    for (let x = 10; x < width - 10; x++) {
      const center = height / 2 + Math.sin((x + seed * 17) / (8 + (seed % 5))) * (height / 4);
      for (let thickness = -1; thickness <= 1; thickness++) {
        const y = Math.round(center + thickness);
        const offset = y * (width * 4 + 1) + 1 + x * 4;
        pixels[offset] = 20;
        pixels[offset + 1] = 30;
        pixels[offset + 2] = 90;
        pixels[offset + 3] = 255;
      }
    }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
