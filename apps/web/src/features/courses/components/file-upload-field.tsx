import { FILE_LIMITS } from '@cursus/contracts';
import { FileText, Film, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { ProgressBar } from '@/components/ui/progress-bar';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { uploadFile } from '../api/upload-file';
import { formatFileSize, formatPercent } from '../lib/format';
import type { LessonFileRef } from '../lib/lesson-form';

export interface FileUploadFieldProps {
  purpose: 'video' | 'document';
  courseId: string;
  label: string;
  file: LessonFileRef | null;
  onChange: (file: LessonFileRef | null) => void;
  /** The form's own error for this field (already translated), e.g. 'choose a file'. */
  error?: string;
}

/**
 * Picks a file and uploads it at once, with a progress bar and a cancel button. 'File too large'
 * and 'unsupported format' (SPEC 8) appear next to the field in the reader's language, with the
 * limit that applies.
 */
export function FileUploadField({ purpose, courseId, label, file, onChange, error }: FileUploadFieldProps) {
  const { t } = useTranslation(['courses', 'errors']);
  const language = getLanguage();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadingName, setUploadingName] = useState('');
  const [uploadError, setUploadError] = useState<unknown>(null);
  const limits = FILE_LIMITS[purpose];
  const maxSize = formatFileSize(limits.maxBytes, language);
  const formats = limits.extensions.map((extension) => extension.slice(1).toUpperCase()).join(', ');

  // Leaving the lesson abandons an upload under way.
  useEffect(() => () => abortRef.current?.abort(), []);

  const onPick = async (picked: File | undefined) => {
    if (!picked) return;
    setUploadError(null);
    setUploadingName(picked.name);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const stored = await uploadFile({
        file: picked,
        purpose,
        courseId,
        signal: controller.signal,
        onProgress: setProgress,
      });
      onChange({
        id: stored.id,
        name: stored.name,
        mimeType: stored.mimeType,
        sizeBytes: stored.sizeBytes,
        url: stored.url,
      });
    } catch (caught) {
      if (!controller.signal.aborted) setUploadError(caught);
    } finally {
      setProgress(null);
      abortRef.current = null;
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const uploadMessage = (() => {
    if (uploadError === null) return undefined;
    if (isApiError(uploadError, 'FILE_TOO_LARGE'))
      return t('upload.tooLarge', { error: t('errors:FILE_TOO_LARGE'), size: maxSize });
    if (isApiError(uploadError, 'UNSUPPORTED_FORMAT'))
      return t('upload.unsupported', { error: t('errors:UNSUPPORTED_FORMAT'), formats });
    return getErrorMessage(uploadError);
  })();

  const Icon = purpose === 'video' ? Film : FileText;
  const isUploading = progress !== null;

  return (
    <Field
      label={label}
      description={t('upload.hint', { formats, size: maxSize })}
      error={uploadMessage ?? error}
    >
      {(control) => (
        <div className="flex flex-col gap-3">
          {file && !isUploading && (
            <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-muted p-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="text-sm font-medium break-all text-foreground">{file.name}</span>
                <span className="text-xs text-muted-foreground">
                  {formatFileSize(file.sizeBytes, language)}
                </span>
              </div>
              <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                <X aria-hidden="true" className="size-4" />
                {t('upload.remove')}
              </Button>
            </div>
          )}
          {isUploading ? (
            <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
              <p className="text-sm break-all text-foreground">
                {t('upload.uploading', { name: uploadingName })}
              </p>
              <div className="flex items-center gap-3">
                <ProgressBar
                  value={progress}
                  label={t('upload.progressLabel', { name: uploadingName })}
                  valueText={formatPercent(progress, language)}
                />
                <span
                  className="w-12 shrink-0 text-right text-sm tabular-nums text-muted-foreground"
                  aria-hidden="true"
                >
                  {formatPercent(progress, language)}
                </span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => abortRef.current?.abort()}
              >
                {t('upload.cancel')}
              </Button>
            </div>
          ) : (
            <label
              className={cn(
                'flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-input p-4 text-center text-sm text-muted-foreground hover:bg-muted focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring focus-within:outline-solid',
              )}
            >
              <Upload aria-hidden="true" className="size-5" />
              <span className="font-medium text-foreground">
                {file ? t('upload.replace') : t('upload.choose')}
              </span>
              <input
                ref={inputRef}
                {...control}
                type="file"
                accept={[...limits.extensions, ...limits.mimeTypes].join(',')}
                className={cn('sr-only', FOCUS_RING)}
                onChange={(event) => onPick(event.target.files?.[0])}
              />
            </label>
          )}
        </div>
      )}
    </Field>
  );
}
