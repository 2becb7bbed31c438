/** Bytes as base64, in slices: one call over a large file would overflow the argument list. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}
