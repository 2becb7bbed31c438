import { Upload } from 'lucide-react';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { buttonClassName } from './button';

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file picker in the app's language. The browser draws its own ("Choose File", "No file chosen")
 * in the browser's language, whatever the app's. The native input stays: transparent over the
 * visible button, so a click on the button is a click on it, and the one focusable control,
 * labelled by its field, for keyboards, screen readers and tests. The button shows its focus.
 */
export function FileInput({ className, onChange, multiple, disabled, ...props }: FileInputProps) {
  const { t } = useTranslation('common');
  const [names, setNames] = useState<string[]>([]);
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-3', className)}>
      <span className="relative inline-flex">
        <input
          {...props}
          type="file"
          multiple={multiple}
          disabled={disabled}
          className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          onChange={(event) => {
            setNames(Array.from(event.target.files ?? [], (file) => file.name));
            onChange?.(event);
          }}
        />
        <span
          aria-hidden="true"
          className={cn(
            buttonClassName('secondary', 'sm'),
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-focus-visible:outline-solid',
            disabled && 'opacity-60',
          )}
        >
          <Upload className="size-4" />
          {t(multiple ? 'files.chooseMany' : 'files.choose')}
        </span>
      </span>
      <span aria-hidden="true" className="min-w-0 truncate text-sm text-muted-foreground">
        {names.length > 0 ? names.join(', ') : t('files.none')}
      </span>
    </div>
  );
}
