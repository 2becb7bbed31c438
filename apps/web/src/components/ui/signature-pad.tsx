import { Eraser } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import SignaturePadLibrary from 'signature_pad';
import { Button } from '@/components/ui/button';

/** Drawn in CSS pixels; the bitmap behind it follows the device's pixel ratio so lines stay sharp. */
const PAD_HEIGHT = 180;

export interface SignaturePadProps {
  /** The pad's accessible name, e.g. 'Votre signature'. */
  label: string;
  /** The drawing as a PNG data URL after each stroke, null once cleared. */
  onChange: (dataUrl: string | null) => void;
  /** Under the pad: how to sign, and what a keyboard user can do instead. */
  hint: string;
  /** The button that wipes the pad. */
  clearLabel: string;
  /** Shown under the pad and announced (e.g. the refusal of an empty pad). */
  error?: string;
  isDisabled?: boolean;
}

/**
 * A drawn signature (signature_pad). The paper stays white in both themes, so the ink, the exported
 * PNG and the printed sheet look the same. Resizing keeps the strokes: they are redrawn from their
 * points on the new bitmap.
 */
export function SignaturePad({
  label,
  hint,
  clearLabel,
  onChange,
  error,
  isDisabled = false,
}: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLibrary | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLibrary(canvas, {
      backgroundColor: 'rgb(255, 255, 255)',
      penColor: '#111827',
    });
    padRef.current = pad;
    let drawnWidth = 0;
    const fit = () => {
      const width = canvas.offsetWidth;
      // Mobile browsers resize on scroll (the address bar): only a new width needs a new bitmap.
      if (width === 0 || width === drawnWidth) return;
      drawnWidth = width;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = width * ratio;
      canvas.height = PAD_HEIGHT * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      // Repaints the background and the strokes kept, both lost when the bitmap changed size.
      pad.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    window.addEventListener('resize', fit);
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  // The library listens from its creation: it only needs switching back on after a pause.
  const wasDisabledRef = useRef(false);
  useEffect(() => {
    const pad = padRef.current;
    if (!pad || isDisabled === wasDisabledRef.current) return;
    wasDisabledRef.current = isDisabled;
    if (isDisabled) pad.off();
    else pad.on();
  }, [isDisabled]);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(null);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-foreground">
          {label}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={clear} disabled={isDisabled}>
          <Eraser aria-hidden="true" className="size-4" />
          {clearLabel}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        style={{ height: PAD_HEIGHT }}
        className="w-full touch-none rounded-lg border-2 border-dashed border-input bg-white"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
