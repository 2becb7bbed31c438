import {
  type ImportFailure,
  type ImportPreview,
  type ImportRowState,
  LANGUAGES,
  type Language,
  LEARNER_IMPORT_BATCH,
  LEARNER_IMPORT_MAX_BYTES,
  LEARNER_IMPORT_MAX_ROWS,
  normalizeLanguage,
} from '@cursus/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmailAddress } from '@/components/ui/email-address';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { importLearners, previewImport, useRefreshLearners } from '../api/learners';
import { encodeBase64 } from '../lib/base64';
import { type CourseOption, CoursePicker } from './course-picker';

type Step = 'choose' | 'preview' | 'importing' | 'done';

interface Row {
  line: number;
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  state: ImportRowState;
  reason: ImportFailure | null;
  /** A whole batch refused (network, server): the error's text, rather than a row's reason. */
  error?: string;
}

const ROWS_PER_PAGE = 50;

const STATE_VARIANTS: Record<ImportRowState, BadgeVariant> = {
  pending: 'info',
  imported: 'success',
  failed: 'danger',
};

function RowTable({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation('learners');
  const [page, setPage] = useState(1);
  const shown = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t('import.tableCaption')}</caption>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              {(['line', 'lastName', 'firstName', 'email', 'phone', 'state'] as const).map((column) => (
                <th key={column} scope="col" className="px-2 py-2 font-semibold whitespace-nowrap">
                  {t(`import.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line} className="border-t border-border align-top">
                <td className="px-2 py-2 tabular-nums text-muted-foreground">{row.line}</td>
                <td className="px-2 py-2">{row.lastName}</td>
                <td className="px-2 py-2">{row.firstName}</td>
                <td className="px-2 py-2">
                  <EmailAddress address={row.email} />
                </td>
                <td className="px-2 py-2 whitespace-nowrap">{row.phone}</td>
                <td className="px-2 py-2">
                  <div className="flex flex-col gap-1">
                    <Badge variant={STATE_VARIANTS[row.state]}>{t(`import.state.${row.state}`)}</Badge>
                    {row.state === 'failed' && (
                      <span className="text-xs text-danger">
                        {row.reason ? t(`import.reason.${row.reason}`) : row.error}
                      </span>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        pageSize={ROWS_PER_PAGE}
        total={rows.length}
        label={t('import.pages')}
        onPageChange={setPage}
      />
    </div>
  );
}

const toRows = (preview: ImportPreview): Row[] => preview.rows.map((row) => ({ ...row }));

/**
 * SPEC 3 CSV import in steps: the server reads the file and judges each row; only the rows it
 * found importable are sent, in batches of LEARNER_IMPORT_BATCH, and each row ends as the server
 * says: imported, or failed with its reason.
 */
export function ImportLearnersDialog({
  courses,
  onClose,
}: {
  courses: readonly CourseOption[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('learners');
  const refresh = useRefreshLearners();
  const fileId = useId();
  const [step, setStep] = useState<Step>('choose');
  const [isReading, setIsReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [language, setLanguage] = useState<Language>(normalizeLanguage(i18n.language));
  const [sent, setSent] = useState({ done: 0, total: 0 });

  const count = (state: ImportRowState) => rows.filter((row) => row.state === state).length;
  const pendingCount = count('pending');

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    if (file.size > LEARNER_IMPORT_MAX_BYTES) {
      setError(t('import.tooLarge', { size: Math.floor(LEARNER_IMPORT_MAX_BYTES / 1024) }));
      return;
    }
    if (file.size === 0) {
      setError(t('import.empty'));
      return;
    }
    setIsReading(true);
    try {
      const preview = await previewImport(encodeBase64(new Uint8Array(await file.arrayBuffer())));
      setRows(toRows(preview));
      setStep('preview');
    } catch (previewError) {
      setError(getErrorMessage(previewError));
    } finally {
      setIsReading(false);
    }
  };

  const onImport = async () => {
    const pending = rows.filter((row) => row.state === 'pending');
    setStep('importing');
    setSent({ done: 0, total: pending.length });
    const outcome = new Map<number, Pick<Row, 'state' | 'reason' | 'error'>>();
    for (let start = 0; start < pending.length; start += LEARNER_IMPORT_BATCH) {
      const batch = pending.slice(start, start + LEARNER_IMPORT_BATCH);
      try {
        const result = await importLearners({
          rows: batch.map(({ line, lastName, firstName, email, phone }) => ({
            line,
            lastName,
            firstName,
            email,
            phone,
          })),
          courseIds,
          language,
        });
        for (const row of result.rows) outcome.set(row.line, { state: row.state, reason: row.reason });
      } catch (batchError) {
        const message = getErrorMessage(batchError);
        for (const row of batch) outcome.set(row.line, { state: 'failed', reason: null, error: message });
      }
      // A row the server did not answer for was not imported: it never counts as such.
      for (const row of batch)
        if (!outcome.has(row.line))
          outcome.set(row.line, { state: 'failed', reason: null, error: t('import.noAnswer') });
      setRows((current) => current.map((row) => ({ ...row, ...outcome.get(row.line) })));
      setSent({ done: Math.min(start + batch.length, pending.length), total: pending.length });
    }
    setStep('done');
    await refresh();
    const imported = [...outcome.values()].filter((row) => row.state === 'imported').length;
    if (imported > 0) notify.success(t('import.doneToast', { count: imported }));
  };

  const isImporting = step === 'importing';
  const close = isImporting ? () => undefined : onClose;
  const footer = {
    choose: (
      <Button variant="secondary" onClick={onClose}>
        {t('cancel')}
      </Button>
    ),
    preview: (
      <>
        <Button
          variant="secondary"
          onClick={() => {
            setRows([]);
            setStep('choose');
          }}
        >
          {t('import.otherFile')}
        </Button>
        <Button onClick={onImport} disabled={pendingCount === 0}>
          {t('import.submit', { count: pendingCount })}
        </Button>
      </>
    ),
    importing: (
      <Button isLoading disabled>
        {t('import.running')}
      </Button>
    ),
    done: <Button onClick={onClose}>{t('close')}</Button>,
  }[step];

  return (
    <Dialog
      size="lg"
      title={t('import.title')}
      description={step === 'choose' ? t('import.description') : undefined}
      closeLabel={t('close')}
      onClose={close}
      footer={footer}
    >
      {error && <Alert variant="error">{error}</Alert>}
      {step === 'choose' && (
        <div className="flex flex-col gap-3">
          <ul className="list-disc pl-5 text-sm text-foreground">
            <li>{t('import.help.columns')}</li>
            <li>{t('import.help.separator')}</li>
            <li>{t('import.help.excel')}</li>
            <li>
              {t('import.help.limits', {
                rows: LEARNER_IMPORT_MAX_ROWS,
                size: Math.floor(LEARNER_IMPORT_MAX_BYTES / 1024),
              })}
            </li>
          </ul>
          <Label htmlFor={fileId}>{t('import.file')}</Label>
          <FileInput
            id={fileId}
            accept=".csv,text/csv,application/vnd.ms-excel"
            disabled={isReading}
            onChange={onFile}
          />
          {isReading && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner size="sm" />
              {t('import.reading')}
            </p>
          )}
        </div>
      )}
      {step !== 'choose' && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-foreground" aria-live="polite">
            {step === 'preview'
              ? t('import.previewCounts', {
                  count: rows.length,
                  pending: pendingCount,
                  failed: count('failed'),
                })
              : t('import.resultCounts', { imported: count('imported'), failed: count('failed') })}
          </p>
          {step === 'preview' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <CoursePicker courses={courses} selected={courseIds} onChange={setCourseIds} />
              <Field label={t('invite.language')} description={t('invite.languageHelp')}>
                {(control) => (
                  <Select
                    {...control}
                    value={language}
                    onChange={(event) => setLanguage(event.target.value as Language)}
                  >
                    {LANGUAGES.map((option) => (
                      <option key={option} value={option}>
                        {t(`language.${option}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          )}
          {(isImporting || step === 'done') && (
            <div className="flex flex-col gap-1">
              <ProgressBar
                value={sent.total === 0 ? 100 : (sent.done / sent.total) * 100}
                label={t('import.progressLabel')}
                valueText={t('import.progress', { done: sent.done, total: sent.total })}
              />
              <p className="text-xs text-muted-foreground">
                {t('import.progress', { done: sent.done, total: sent.total })}
              </p>
            </div>
          )}
          {step === 'done' && (
            <Alert variant={count('imported') > 0 ? 'success' : 'warning'} title={t('import.summaryTitle')}>
              {t('import.summary', { count: count('imported'), failed: count('failed') })}
            </Alert>
          )}
          <RowTable rows={rows} />
        </div>
      )}
    </Dialog>
  );
}
