import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SignaturePad } from '@/components/ui/signature-pad';
import { getErrorMessage } from '@/lib/error-message';

export interface SignatureFormProps {
  padLabel: string;
  submitLabel: string;
  onSubmit: (dataUrl: string) => void;
  isPending?: boolean;
  /** The last refused attempt, shown above the button. */
  error?: unknown;
  /** Extra buttons beside the submit one (e.g. Cancel in a dialog). */
  actions?: ReactNode;
}

/** The pad and its submit button: an empty pad is refused here before the server refuses it too. */
export function SignatureForm({
  padLabel,
  submitLabel,
  onSubmit,
  isPending = false,
  error,
  actions,
}: SignatureFormProps) {
  const { t } = useTranslation('attendance');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [isEmptyRefused, setIsEmptyRefused] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!drawing) {
      setIsEmptyRefused(true);
      return;
    }
    onSubmit(drawing);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <SignaturePad
        label={padLabel}
        hint={`${t('pad.instructions')} ${t('pad.keyboard')}`}
        clearLabel={t('pad.clear')}
        isDisabled={isPending}
        error={isEmptyRefused ? t('pad.empty') : undefined}
        onChange={(value) => {
          setDrawing(value);
          if (value) setIsEmptyRefused(false);
        }}
      />
      {error !== undefined && error !== null && <Alert variant="error">{getErrorMessage(error)}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
