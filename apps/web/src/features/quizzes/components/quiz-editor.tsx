import type { Question, QuizDetail } from '@cursus/contracts';
import { ArrowDown, ArrowUp, Library, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useBankQuestions, useCategories } from '../api/question-bank';
import { useCourseModules, useCourseOptions, useSaveQuiz } from '../api/trainer-quizzes';
import {
  checkDraft,
  draftOf,
  newKey,
  newQuestion,
  type QuestionDraft,
  type QuizDraft,
  questionDraftOf,
} from '../lib/quiz-form';
import { QuestionFields, useProblemText } from './question-fields';
import { SessionPicker } from './session-picker';

function QuestionEditor({
  question,
  number,
  count,
  errors,
  categories,
  onChange,
  onRemove,
  onMove,
}: {
  question: QuestionDraft;
  number: number;
  count: number;
  errors: Record<string, string>;
  categories: { id: string; name: string }[];
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
  onMove: (offset: -1 | 1) => void;
}) {
  const { t } = useTranslation('quizzes');
  return (
    <li className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-foreground">{t('editor.questionNumber', { number })}</h3>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('editor.moveUp', { number })}
            disabled={number === 1}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('editor.moveDown', { number })}
            disabled={number === count}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('editor.removeQuestion', { number })}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <QuestionFields
        question={question}
        path={`questions.${number - 1}`}
        errors={errors}
        categories={categories}
        onChange={onChange}
      />
    </li>
  );
}

function BankPicker({
  chosenIds,
  onPick,
  onClose,
}: {
  chosenIds: Set<string>;
  onPick: (question: Question) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('quizzes');
  const { t: tCommon } = useTranslation('common');
  const [search, setSearch] = useState('');
  const questions = useBankQuestions({ search, pageSize: 50 });
  const items = questions.data?.items ?? [];
  return (
    <Dialog title={t('editor.bankDialog')} closeLabel={tCommon('actions.close')} onClose={onClose} size="lg">
      <div className="flex flex-col gap-3">
        <Input
          type="search"
          aria-label={t('bank.search')}
          placeholder={t('bank.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {questions.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('editor.bankEmpty')}</p>
        )}
        <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto" aria-label={t('bank.questions')}>
          {items.map((question) => (
            <li
              key={question.id}
              className="flex items-center justify-between gap-3 rounded-md border border-border p-3"
            >
              <span className="flex min-w-0 flex-col">
                <span className="text-sm text-foreground">{question.text}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`types.${question.type}`)}
                  {question.categoryName ? ` · ${question.categoryName}` : ''}
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={chosenIds.has(question.id)}
                onClick={() => onPick(question)}
              >
                {chosenIds.has(question.id) ? t('editor.bankAdded') : t('editor.bankAdd')}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}

/** The whole quiz on one form: settings, attachment, questions (new or from the bank), random draws. */
export function QuizEditor({
  quiz,
  onClose,
}: {
  quiz: QuizDetail | null;
  onClose: (saved?: QuizDetail) => void;
}) {
  const { t } = useTranslation('quizzes');
  const problem = useProblemText();
  const [draft, setDraft] = useState<QuizDraft>(() => draftOf(quiz));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isPicking, setIsPicking] = useState(false);
  const courses = useCourseOptions();
  const modules = useCourseModules(draft.courseId || null);
  const categories = useCategories();
  const saveQuiz = useSaveQuiz();
  const categoryItems = categories.data?.items ?? [];
  const set = (change: Partial<QuizDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setQuestion = (index: number, question: QuestionDraft) =>
    setDraft((current) => ({
      ...current,
      questions: current.questions.map((item, position) => (position === index ? question : item)),
    }));
  const moveQuestion = (index: number, offset: -1 | 1) =>
    setDraft((current) => {
      const questions = [...current.questions];
      const [moved] = questions.splice(index, 1);
      questions.splice(index + offset, 0, moved!);
      return { ...current, questions };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    saveQuiz.mutate(
      { quizId: quiz?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          notify.success(t('editor.saved'));
          onClose(saved);
        },
      },
    );
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Card as="section" aria-labelledby="quiz-editor-title">
      <CardTitle id="quiz-editor-title">{quiz ? t('editor.editTitle') : t('editor.newTitle')}</CardTitle>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-6">
        {saveQuiz.isError && <Alert variant="error">{getErrorMessage(saveQuiz.error)}</Alert>}
        {hasErrors && <Alert variant="error">{t('editor.fixErrors')}</Alert>}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-foreground">{t('editor.settings')}</legend>
          <Field label={t('editor.quizTitle')} error={problem(errors.title)}>
            {(control) => (
              <Input
                {...control}
                maxLength={200}
                value={draft.title}
                onChange={(event) => set({ title: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('editor.passingScore')} error={problem(errors.passingScore)}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                max={100}
                value={draft.passingScore}
                onChange={(event) => set({ passingScore: event.target.value })}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field label={t('editor.description')} error={problem(errors.description)}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={2}
                  maxLength={5000}
                  value={draft.description}
                  onChange={(event) => set({ description: event.target.value })}
                />
              )}
            </Field>
          </div>
          <Field label={t('editor.course')} error={problem(errors.courseId)}>
            {(control) => (
              <Select
                {...control}
                value={draft.courseId}
                onChange={(event) => set({ courseId: event.target.value, moduleId: '' })}
              >
                <option value="">{t('editor.noCourse')}</option>
                {(courses.data?.items ?? []).map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('editor.module')} error={problem(errors.moduleId)}>
            {(control) => (
              <Select
                {...control}
                value={draft.moduleId}
                disabled={!draft.courseId}
                onChange={(event) => set({ moduleId: event.target.value })}
              >
                <option value="">{t('editor.wholeCourse')}</option>
                {(modules.data ?? []).map((module) => (
                  <option key={module.id} value={module.id}>
                    {module.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <SessionPicker
            sessionId={draft.groupSessionId}
            sessionTitle={draft.groupSessionTitle}
            error={problem(errors.groupSessionId)}
            onChange={(session) => set({ groupSessionId: session.id, groupSessionTitle: session.title })}
          />
          <Field
            label={t('editor.timeLimit')}
            description={t('editor.timeLimitHint')}
            error={problem(errors.timeLimitMinutes)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                max={600}
                value={draft.timeLimitMinutes}
                onChange={(event) => set({ timeLimitMinutes: event.target.value })}
              />
            )}
          </Field>
          <Field
            label={t('editor.maxAttempts')}
            description={t('editor.maxAttemptsHint')}
            error={problem(errors.maxAttempts)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                max={100}
                value={draft.maxAttempts}
                onChange={(event) => set({ maxAttempts: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('editor.dueAt')} error={problem(errors.dueAt)}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={draft.dueAt}
                onChange={(event) => set({ dueAt: event.target.value })}
              />
            )}
          </Field>
          <div className="flex flex-col gap-3 sm:col-span-2">
            <Checkbox
              label={t('editor.isActive')}
              hint={t('editor.isActiveHint')}
              checked={draft.isActive}
              onChange={(event) => set({ isActive: event.target.checked })}
            />
            <Checkbox
              label={t('editor.shuffleQuestions')}
              checked={draft.shuffleQuestions}
              onChange={(event) => set({ shuffleQuestions: event.target.checked })}
            />
            <Checkbox
              label={t('editor.shuffleOptions')}
              checked={draft.shuffleOptions}
              onChange={(event) => set({ shuffleOptions: event.target.checked })}
            />
            <Checkbox
              label={t('editor.showCorrectAnswers')}
              checked={draft.showCorrectAnswers}
              onChange={(event) => set({ showCorrectAnswers: event.target.checked })}
            />
          </div>
        </fieldset>

        <section aria-labelledby="quiz-editor-questions" className="flex flex-col gap-3">
          <h3 id="quiz-editor-questions" className="text-base font-semibold text-foreground">
            {t('editor.questions')}
          </h3>
          {errors.questions && <p className="text-sm text-danger">{problem(errors.questions)}</p>}
          {draft.questions.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('editor.noQuestions')}</p>
          )}
          <ol className="flex flex-col gap-3">
            {draft.questions.map((question, index) => (
              <QuestionEditor
                key={question.key}
                question={question}
                number={index + 1}
                count={draft.questions.length}
                errors={errors}
                categories={categoryItems}
                onChange={(changed) => setQuestion(index, changed)}
                onRemove={() =>
                  set({ questions: draft.questions.filter((_, position) => position !== index) })
                }
                onMove={(offset) => moveQuestion(index, offset)}
              />
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              onClick={() => set({ questions: [...draft.questions, newQuestion()] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('editor.addQuestion')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setIsPicking(true)}>
              <Library aria-hidden="true" className="size-4" />
              {t('editor.addFromBank')}
            </Button>
          </div>
        </section>

        <section aria-labelledby="quiz-editor-draws" className="flex flex-col gap-3">
          <h3 id="quiz-editor-draws" className="text-base font-semibold text-foreground">
            {t('editor.draws')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('editor.drawsHint')}</p>
          {draft.draws.length === 0 && <p className="text-sm text-muted-foreground">{t('editor.noDraws')}</p>}
          {draft.draws.map((draw, index) => {
            const category = categoryItems.find((item) => item.id === draw.categoryId);
            const number = index + 1;
            const setDraw = (change: Partial<QuizDraft['draws'][number]>) =>
              set({
                draws: draft.draws.map((item, position) =>
                  position === index ? { ...item, ...change } : item,
                ),
              });
            return (
              <div key={draw.key} className="flex flex-wrap items-end gap-3">
                <Field
                  label={t('editor.drawCategory', { number })}
                  error={problem(errors[`draws.${index}.categoryId`])}
                >
                  {(control) => (
                    <Select
                      {...control}
                      value={draw.categoryId}
                      onChange={(event) => setDraw({ categoryId: event.target.value })}
                    >
                      {categoryItems.map((item) => (
                        <option key={item.id} value={item.id}>
                          {t('bank.categoryCount', { name: item.name, count: item.questionCount })}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field
                  label={t('editor.drawCount', { number })}
                  description={
                    category ? t('editor.available', { count: category.questionCount }) : undefined
                  }
                  error={problem(errors[`draws.${index}.questionCount`])}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min={1}
                      max={100}
                      value={draw.questionCount}
                      onChange={(event) => setDraw({ questionCount: event.target.value })}
                    />
                  )}
                </Field>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('editor.removeDraw', { number })}
                  onClick={() => set({ draws: draft.draws.filter((_, position) => position !== index) })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            );
          })}
          <Button
            type="button"
            variant="secondary"
            className="self-start"
            disabled={categoryItems.length === 0}
            onClick={() =>
              set({
                draws: [
                  ...draft.draws,
                  { key: newKey(), categoryId: categoryItems[0]?.id ?? '', questionCount: '1' },
                ],
              })
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('editor.addDraw')}
          </Button>
        </section>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={saveQuiz.isPending}>
            {t('editor.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onClose()}>
            {t('editor.cancel')}
          </Button>
        </div>
      </form>
      {isPicking && (
        <BankPicker
          chosenIds={new Set(draft.questions.flatMap((question) => (question.id ? [question.id] : [])))}
          onClose={() => setIsPicking(false)}
          onPick={(question) =>
            set({
              questions: [...draft.questions, questionDraftOf(question)],
            })
          }
        />
      )}
    </Card>
  );
}
