import { type ReactNode, useId } from 'react';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Already translated; linked to the control through aria-describedby and announced when it appears. */
  error?: string;
  description?: ReactNode;
  /** Ids of further descriptions outside the field, such as a password strength meter. */
  describedBy?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control, an optional hint and the error text, wired for assistive technology. */
export function Field({ label, error, description, describedBy, children }: FieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedByIds = [description ? descriptionId : undefined, error ? errorId : undefined, describedBy]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedByIds || undefined,
      })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
