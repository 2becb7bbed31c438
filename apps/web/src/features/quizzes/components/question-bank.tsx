import { DEFAULT_PAGE_SIZE, QUESTION_FORMATS, type QuestionFormat } from '@cursus/contracts';
import { Download, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/file-input';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import {
  exportQuestions,
  useBankQuestions,
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useDeleteQuestion,
  useImportQuestions,
  useSaveQuestion,
} from '../api/question-bank';
import { checkQuestionDraft, newQuestion, type QuestionDraft, questionDraftOf } from '../lib/quiz-form';
import { QuestionFields } from './question-fields';

/** Writes one bank question, new or existing, in a dialog. */
function QuestionDialog({ initial, onClose }: { initial: QuestionDraft; onClose: () => void }) {
  const { t } = useTranslation('quizzes');
  const categories = useCategories();
  const saveQuestion = useSaveQuestion();
  const [question, setQuestion] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkQuestionDraft(question);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    saveQuestion.mutate(
      { questionId: initial.id, body: checked.data },
      {
        onSuccess: () => {
          notify.success(t('bank.questionSaved'));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      title={initial.id ? t('bank.editQuestion') : t('bank.newQuestion')}
      closeLabel={t('bank.closeQuestion')}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {saveQuestion.isError && <Alert variant="error">{getErrorMessage(saveQuestion.error)}</Alert>}
        <QuestionFields
          question={question}
          path="question"
          errors={errors}
          categories={categories.data?.items ?? []}
          onChange={setQuestion}
        />
        <Button type="submit" className="self-start" isLoading={saveQuestion.isPending}>
          {t('bank.saveQuestion')}
        </Button>
      </form>
    </Dialog>
  );
}

function Categories() {
  const { t } = useTranslation('quizzes');
  const categories = useCategories();
  const createCategory = useCreateCategory();
  const deleteCategory = useDeleteCategory();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    createCategory.mutate(name.trim(), {
      onSuccess: () => {
        notify.success(t('bank.categoryCreated'));
        setName('');
      },
    });
  };
  return (
    <Card as="section" aria-labelledby="bank-categories">
      <CardTitle id="bank-categories">{t('bank.categories')}</CardTitle>
      <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          label={t('bank.categoryName')}
          error={createCategory.isError ? getErrorMessage(createCategory.error) : undefined}
        >
          {(control) => (
            <Input
              {...control}
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" isLoading={createCategory.isPending}>
          {t('bank.addCategory')}
        </Button>
      </form>
      {categories.isError && (
        <LoadErrorAlert
          error={categories.error}
          retryLabel={t('common.retry')}
          onRetry={() => categories.refetch()}
        />
      )}
      {categories.isSuccess && categories.data.items.length === 0 && (
        <p className="mt-3 text-sm text-muted-foreground">{t('bank.noCategories')}</p>
      )}
      <ul className="mt-3 flex flex-wrap gap-2">
        {categories.data?.items.map((category) => (
          <li
            key={category.id}
            className="flex items-center gap-1 rounded-full border border-border px-3 py-1 text-sm text-foreground"
          >
            {t('bank.categoryCount', { name: category.name, count: category.questionCount })}
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('bank.deleteCategory', { name: category.name })}
              onClick={() => setDeleting(category)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={t('bank.deleteCategoryTitle')}
          description={t('bank.deleteCategoryDescription')}
          confirmLabel={t('trainer.list.deleteConfirm')}
          isPending={deleteCategory.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => deleteCategory.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </Card>
  );
}

function ImportQuestions() {
  const { t } = useTranslation('quizzes');
  const categories = useCategories();
  const importQuestions = useImportQuestions();
  const [format, setFormat] = useState<QuestionFormat>('gift');
  const [content, setContent] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [checkedCount, setCheckedCount] = useState<number | null>(null);
  const result = importQuestions.data;
  const run = (dryRun: boolean) =>
    importQuestions.mutate(
      { format, content, categoryId: categoryId || null, dryRun },
      {
        onSuccess: (outcome) => {
          if (dryRun) setCheckedCount(outcome.questions.length);
          else {
            notify.success(t('bank.imported', { count: outcome.importedCount }));
            setCheckedCount(null);
            setContent('');
          }
        },
      },
    );
  return (
    <Card as="section" aria-labelledby="bank-import">
      <CardTitle id="bank-import">{t('bank.import')}</CardTitle>
      <CardDescription>{t('bank.importHint')}</CardDescription>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field label={t('bank.format')}>
          {(control) => (
            <Select
              {...control}
              value={format}
              onChange={(event) => {
                setFormat(event.target.value as QuestionFormat);
                setCheckedCount(null);
              }}
            >
              {QUESTION_FORMATS.map((item) => (
                <option key={item} value={item}>
                  {t(`bank.formats.${item}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('bank.importCategory')}>
          {(control) => (
            <Select {...control} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
              <option value="">{t('editor.noCategory')}</option>
              {categories.data?.items.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field label={t('bank.content')}>
            {(control) => (
              <Textarea
                {...control}
                rows={8}
                className="font-mono"
                value={content}
                onChange={(event) => {
                  setContent(event.target.value);
                  setCheckedCount(null);
                }}
              />
            )}
          </Field>
        </div>
        <Field label={t('bank.file')}>
          {(control) => (
            <FileInput
              {...control}
              accept=".txt,.gift,.csv,text/plain,text/csv"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setContent(await file.text());
                setCheckedCount(null);
              }}
            />
          )}
        </Field>
      </div>
      {importQuestions.isError && <Alert variant="error">{getErrorMessage(importQuestions.error)}</Alert>}
      {result && result.errors.length > 0 && (
        <div className="mt-3">
          <Alert variant="warning" title={t('bank.rejected')}>
            <ul className="list-disc pl-5">
              {result.errors.map((error) => (
                <li key={`${error.line}-${error.reason}`}>
                  {t('bank.rejectedLine', {
                    line: error.line,
                    reason: t(`bank.reasons.${error.reason}` as 'bank.reasons.NO_ANSWERS', {
                      defaultValue: error.reason,
                    }),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      {checkedCount !== null && (
        <p className="mt-3 text-sm text-foreground">{t('bank.checked', { count: checkedCount })}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!content.trim()}
          isLoading={importQuestions.isPending && importQuestions.variables?.dryRun}
          onClick={() => run(true)}
        >
          {t('bank.check')}
        </Button>
        <Button
          disabled={!checkedCount}
          isLoading={importQuestions.isPending && !importQuestions.variables?.dryRun}
          onClick={() => run(false)}
        >
          <Upload aria-hidden="true" className="size-4" />
          {t('bank.importConfirm', { count: checkedCount ?? 0 })}
        </Button>
      </div>
    </Card>
  );
}

function ExportQuestions() {
  const { t } = useTranslation('quizzes');
  const categories = useCategories();
  const [format, setFormat] = useState<QuestionFormat>('gift');
  const [categoryId, setCategoryId] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const download = async () => {
    setIsBusy(true);
    try {
      const file = await exportQuestions({ format, categoryId: categoryId || undefined });
      const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mimeType};charset=utf-8` }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.click();
      URL.revokeObjectURL(url);
      notify.success(
        t('bank.exported', { count: file.exportedCount }),
        file.skippedCount > 0 ? t('bank.skipped', { count: file.skippedCount }) : undefined,
      );
    } catch (error) {
      notify.error(getErrorMessage(error));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Card as="section" aria-labelledby="bank-export">
      <CardTitle id="bank-export">{t('bank.export')}</CardTitle>
      <CardDescription>{t('bank.exportHint')}</CardDescription>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field label={t('bank.format')}>
          {(control) => (
            <Select
              {...control}
              value={format}
              onChange={(event) => setFormat(event.target.value as QuestionFormat)}
            >
              {QUESTION_FORMATS.map((item) => (
                <option key={item} value={item}>
                  {t(`bank.formats.${item}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('bank.filter')}>
          {(control) => (
            <Select {...control} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
              <option value="">{t('bank.allCategories')}</option>
              {categories.data?.items.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button variant="secondary" isLoading={isBusy} onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          {t('bank.exportButton')}
        </Button>
      </div>
    </Card>
  );
}

function BankQuestions() {
  const { t } = useTranslation('quizzes');
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const questions = useBankQuestions({
    categoryId: categoryId || undefined,
    search: search.trim() || undefined,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const deleteQuestion = useDeleteQuestion();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [writing, setWriting] = useState<QuestionDraft | null>(null);
  return (
    <Card as="section" aria-labelledby="bank-questions">
      <CardTitle id="bank-questions">{t('bank.questions')}</CardTitle>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={() => setWriting(newQuestion())}>
          {t('bank.newQuestion')}
        </Button>
        <Field label={t('bank.filter')}>
          {(control) => (
            <Select
              {...control}
              value={categoryId}
              onChange={(event) => {
                setCategoryId(event.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('bank.allCategories')}</option>
              {categories.data?.items.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('bank.search')}>
          {(control) => (
            <Input
              {...control}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
      </div>
      <div className="mt-3">
        {questions.isError && (
          <LoadErrorAlert
            error={questions.error}
            retryLabel={t('common.retry')}
            onRetry={() => questions.refetch()}
          />
        )}
        {questions.isSuccess && questions.data.total === 0 && (
          <p className="text-sm text-muted-foreground">{t('bank.empty')}</p>
        )}
        {questions.isSuccess && questions.data.total > 0 && (
          <PagedList
            query={{ ...questions, data: questions.data }}
            label={t('bank.questions')}
            pagesLabel={t('bank.pages')}
            summary={
              <p className="text-sm text-muted-foreground">
                {t('bank.count', { count: questions.data.total })}
              </p>
            }
            onPageChange={setPage}
          >
            {questions.data.items.map((question) => (
              <li
                key={question.id}
                className="flex items-start justify-between gap-3 rounded-md border border-border p-3"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm text-foreground">{question.text}</span>
                  <span className="text-xs text-muted-foreground">
                    {t(`types.${question.type}`)} · {t('common.points', { count: question.points })}
                    {question.categoryName ? ` · ${question.categoryName}` : ''}
                  </span>
                </span>
                <span className="flex shrink-0 gap-1">
                  <Button variant="secondary" size="sm" onClick={() => setWriting(questionDraftOf(question))}>
                    {t('bank.editQuestionShort')}
                    <span className="sr-only">{t('ofItem', { name: question.text })}</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(question.id)}>
                    {t('bank.deleteQuestion')}
                    <span className="sr-only">{t('ofItem', { name: question.text })}</span>
                  </Button>
                </span>
              </li>
            ))}
          </PagedList>
        )}
      </div>
      {writing && <QuestionDialog initial={writing} onClose={() => setWriting(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('bank.deleteQuestionTitle')}
          description={t('bank.deleteQuestionDescription')}
          confirmLabel={t('trainer.list.deleteConfirm')}
          isPending={deleteQuestion.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            deleteQuestion.mutate(deleting, {
              onSuccess: () => {
                notify.success(t('bank.questionDeleted'));
                setDeleting(null);
              },
            })
          }
        />
      )}
    </Card>
  );
}

/** The organisation's question bank: categories, questions, import from GIFT/Aiken/CSV and export. */
export function QuestionBank() {
  return (
    <div className="flex flex-col gap-4">
      <Categories />
      <ImportQuestions />
      <ExportQuestions />
      <BankQuestions />
    </div>
  );
}
