import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { AppError } from '../../lib/app-error.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';
const MAX_SIDE = 2000;
/** Fewer inked pixels than this is a tap, not a signature. */
const MIN_INKED_PIXELS = 30;

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes PNG's per-row filters (8-bit samples), in place. */
function unfilter(data: Buffer, width: number, bytesPerPixel: number, height: number): Buffer {
  const stride = width * bytesPerPixel;
  const pixels = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = data[row * (stride + 1)];
    const source = row * (stride + 1) + 1;
    const target = row * stride;
    for (let x = 0; x < stride; x++) {
      const raw = data[source + x] ?? 0;
      const left = x >= bytesPerPixel ? pixels[target + x - bytesPerPixel]! : 0;
      const up = row > 0 ? pixels[target - stride + x]! : 0;
      const upLeft = row > 0 && x >= bytesPerPixel ? pixels[target - stride + x - bytesPerPixel]! : 0;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : filter === 4
                  ? paeth(left, up, upLeft)
                  : -1;
      if (predicted < 0) throw new AppError('SIGNATURE_INVALID');
      pixels[target + x] = (raw + predicted) & 0xff;
    }
  }
  return pixels;
}

/**
 * Checks a drawn signature on the server (the client's word is not enough): a PNG data URL, 8-bit
 * RGB or RGBA, of sane size, with enough pixels that differ from its background to be a signature.
 * Answers the decoded bytes and their SHA-256, which the signature's hash covers.
 */
export function readSignatureImage(dataUrl: string): { bytes: Buffer; sha256: string } {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw new AppError('SIGNATURE_INVALID');
  const bytes = Buffer.from(dataUrl.slice(DATA_URL_PREFIX.length), 'base64');
  if (bytes.length < 60 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw new AppError('SIGNATURE_INVALID');
  let offset = 8;
  let header: {
    width: number;
    height: number;
    colorType: number;
    bitDepth: number;
    interlace: number;
  } | null = null;
  const compressed: Buffer[] = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) throw new AppError('SIGNATURE_INVALID');
    if (type === 'IHDR')
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colorType: body[9]!,
        interlace: body[12]!,
      };
    else if (type === 'IDAT') compressed.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (
    header?.bitDepth !== 8 ||
    header.interlace !== 0 ||
    (header.colorType !== 6 && header.colorType !== 2) ||
    header.width < 1 ||
    header.height < 1 ||
    header.width > MAX_SIDE ||
    header.height > MAX_SIDE
  )
    throw new AppError('SIGNATURE_INVALID');
  const bytesPerPixel = header.colorType === 6 ? 4 : 3;
  let data: Buffer;
  try {
    data = inflateSync(Buffer.concat(compressed), {
      maxOutputLength: (header.width * bytesPerPixel + 1) * header.height,
    });
  } catch {
    throw new AppError('SIGNATURE_INVALID');
  }
  if (data.length !== (header.width * bytesPerPixel + 1) * header.height)
    throw new AppError('SIGNATURE_INVALID');
  const pixels = unfilter(data, header.width, bytesPerPixel, header.height);
  const background = pixels.subarray(0, bytesPerPixel);
  let inked = 0;
  for (let index = 0; index < pixels.length && inked < MIN_INKED_PIXELS; index += bytesPerPixel) {
    const pixel = pixels.subarray(index, index + bytesPerPixel);
    const isVisible = bytesPerPixel === 3 || pixel[3]! > 0;
    if (isVisible && !pixel.equals(background)) inked++;
  }
  if (inked < MIN_INKED_PIXELS) throw new AppError('SIGNATURE_INVALID');
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
