/**
 * happy-dom has no 2D canvas: the test setup (setup-tests.ts) replaces signature_pad with this pad
 * for every test file, and tests draw its strokes.
 */
export class FakeSignaturePad {
  /** Every pad made since the last `resetFakePads()`, newest last. */
  static created: FakeSignaturePad[] = [];
  strokes: unknown[] = [];
  listeners = new Map<string, () => void>();
  constructor() {
    FakeSignaturePad.created.push(this);
  }
  isEmpty() {
    return this.strokes.length === 0;
  }
  toData() {
    return this.strokes;
  }
  fromData(strokes: unknown[]) {
    this.strokes = [...strokes];
  }
  clear() {
    this.strokes = [];
  }
  toDataURL() {
    return `data:image/png;base64,${btoa(`strokes:${this.strokes.length}`)}`;
  }
  on() {}
  off() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  /** What a finger does: one stroke, then the library's endStroke event. */
  draw() {
    this.strokes.push({ points: [] });
    this.listeners.get('endStroke')?.();
  }
}

/** Forgets the pads made so far (after each test). */
export function resetFakePads(): void {
  FakeSignaturePad.created.length = 0;
}

/** The pad a test drew on last. */
export function lastFakePad(): FakeSignaturePad {
  const pad = FakeSignaturePad.created.at(-1);
  if (!pad) throw new Error('no pad created');
  return pad;
}
