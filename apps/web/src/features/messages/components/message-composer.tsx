import { MESSAGE_BODY_MAX } from '@cursus/contracts';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ATTACHMENT_ACCEPT, checkAttachment } from '../api/send-message';

export interface MessageComposerProps {
  /** Resolves once the message is sent (the text is cleared then); rejects to keep it for a retry. */
  onSend: (message: { body: string; file: File | null }) => Promise<unknown>;
  isSending: boolean;
  /** The attachment's upload, 0 to 100, while it travels. */
  uploadProgress: number | null;
  /** The send failure, already translated. */
  error?: string;
}

/**
 * The message field of an open conversation: Enter sends, Shift+Enter starts a new line (as in the
 * SPEC's chat), one attachment at most; sending is disabled until there is text or a file.
 */
export function MessageComposer({ onSend, isSending, uploadProgress, error }: MessageComposerProps) {
  const { t } = useTranslation('messages');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const canSend = (body.trim() !== '' || file !== null) && !isSending;

  const send = async () => {
    if (!canSend) return;
    try {
      await onSend({ body: body.trim(), file });
      setBody('');
      setFile(null);
    } catch {
      // The parent shows the error; the text and the file stay for a retry.
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing a character uses Enter to confirm it, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onPickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const problem = checkAttachment(picked);
    setFileError(
      problem
        ? t(`composer.${problem === 'FILE_TOO_LARGE' ? 'fileTooLarge' : 'fileUnsupported'}`)
        : undefined,
    );
    setFile(problem ? null : picked);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 border-t border-border p-3">
      {(error || fileError) && <Alert variant="error">{fileError ?? error}</Alert>}
      {file && (
        <div className="flex items-center gap-2 text-sm text-foreground">
          <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{file.name}</span>
          {!isSending && (
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={t('composer.removeFile', { name: file.name })}
              onClick={() => setFile(null)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          )}
        </div>
      )}
      {uploadProgress !== null && (
        <ProgressBar
          size="sm"
          value={uploadProgress}
          label={t('composer.uploading')}
          valueText={t('composer.uploadProgress', { percent: uploadProgress })}
        />
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInputRef}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onPickFile}
        />
        <Button
          variant="secondary"
          size="icon"
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
          disabled={isSending}
          onClick={() => fileInputRef.current?.click()}
        >
          <Paperclip aria-hidden="true" className="size-4" />
        </Button>
        <label htmlFor={fieldId} className="sr-only">
          {t('composer.label')}
        </label>
        <Textarea
          id={fieldId}
          rows={2}
          maxLength={MESSAGE_BODY_MAX}
          value={body}
          placeholder={t('composer.placeholder')}
          aria-describedby={hintId}
          className="min-h-11 resize-none"
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          size="icon"
          aria-label={t('composer.send')}
          aria-busy={isSending || undefined}
          disabled={!canSend}
        >
          {isSending ? <Spinner size="sm" /> : <SendHorizontal aria-hidden="true" className="size-4" />}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('composer.hint')}
      </p>
    </form>
  );
}
