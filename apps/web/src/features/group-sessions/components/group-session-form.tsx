import {
  CreateGroupSessionInputSchema,
  GROUP_SESSION_DURATION_MAX,
  GROUP_SESSION_DURATION_MIN,
  type GroupSessionDetail,
  type GroupSessionParticipant,
} from '@cursus/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { translateFieldError, zodFormOptions } from '@/lib/form-errors';
import { fromParisInput, toParisInput } from '@/lib/paris-time';
import { notify } from '@/lib/toast';
import {
  useCreateGroupSession,
  useSessionCourseOptions,
  useSessionLearners,
  useUpdateGroupSession,
} from '../api/trainer-group-sessions';

interface FormValues {
  title: string;
  description: string;
  meetingDate: string;
  durationMinutes: string;
  location: string;
  meetingUrl: string;
  courseId: string;
  inviteCourseLearners: boolean;
}

function initialValues(session: GroupSessionDetail | null): FormValues {
  return {
    title: session?.title ?? '',
    description: session?.description ?? '',
    meetingDate: session ? toParisInput(session.meetingDate) : '',
    durationMinutes: String(session?.durationMinutes ?? 60),
    location: session?.location ?? '',
    meetingUrl: session?.meetingUrl ?? '',
    courseId: session?.courseId ?? '',
    inviteCourseLearners: false,
  };
}

/** The organisation's learners, searchable; the chosen ones listed above as removable chips. */
function LearnerPicker({
  selected,
  onChange,
}: {
  selected: GroupSessionParticipant[];
  onChange: (next: GroupSessionParticipant[]) => void;
}) {
  const { t } = useTranslation('groupSessions');
  const [search, setSearch] = useState('');
  const learners = useSessionLearners({ search, pageSize: 20 });
  const searchId = useId();
  const isChosen = (id: string) => selected.some((learner) => learner.id === id);
  const toggle = (learner: GroupSessionParticipant) =>
    onChange(isChosen(learner.id) ? selected.filter((l) => l.id !== learner.id) : [...selected, learner]);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-foreground">
        {t('form.learners', { count: selected.length })}
      </legend>
      {selected.length > 0 && (
        <ul aria-label={t('form.chosenLearners')} className="flex flex-wrap gap-2">
          {selected.map((learner) => (
            <li key={learner.id}>
              <Button type="button" variant="secondary" size="sm" onClick={() => toggle(learner)}>
                {t('form.removeLearner', { name: learner.fullName || learner.email })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={searchId} className="text-sm text-muted-foreground">
        {t('form.searchLearners')}
      </label>
      <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="max-h-48 overflow-y-auto rounded-lg border border-border p-2">
        {learners.data?.items.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('form.noLearner')}</p>
        )}
        <ul className="flex flex-col gap-1">
          {learners.data?.items.map((learner) => (
            <li key={learner.id}>
              <Checkbox
                label={learner.fullName || learner.email}
                hint={learner.email}
                checked={isChosen(learner.id)}
                onChange={() => toggle(learner)}
              />
            </li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}

/** Creating or editing a session; dates are entered in Paris time. */
export function GroupSessionForm({
  session,
  onDone,
}: {
  session: GroupSessionDetail | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('groupSessions');
  const courses = useSessionCourseOptions();
  const create = useCreateGroupSession();
  const update = useUpdateGroupSession();
  const mutation = session ? update : create;
  const [values, setValues] = useState(() => initialValues(session));
  const [learners, setLearners] = useState<GroupSessionParticipant[]>(session?.participants ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = CreateGroupSessionInputSchema.safeParse(
      {
        title: values.title,
        description: values.description,
        meetingDate: fromParisInput(values.meetingDate) ?? values.meetingDate,
        durationMinutes: Number(values.durationMinutes),
        location: values.location,
        meetingUrl: values.meetingUrl,
        courseId: values.courseId || null,
        studentIds: learners.map((learner) => learner.id),
        inviteCourseLearners: values.inviteCourseLearners && Boolean(values.courseId),
      },
      zodFormOptions,
    );
    if (!result.success) {
      const found: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const path = String(issue.path[0] ?? '');
        found[path] ??=
          issue.message === 'placeRequired'
            ? t('form.placeRequired')
            : (translateFieldError(issue.message) ?? '');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const done = () => {
      notify.success(session ? t('form.saved') : t('form.created'));
      onDone();
    };
    if (session) update.mutate({ id: session.id, body: result.data }, { onSuccess: done });
    else create.mutate(result.data, { onSuccess: done });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      {mutation.isError && (
        <div className="sm:col-span-2">
          <Alert variant="error">{getErrorMessage(mutation.error)}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Field label={t('form.title')} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={values.title}
              maxLength={200}
              onChange={(e) => set('title', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t('form.date')} error={errors.meetingDate} description={t('form.dateHint')}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={values.meetingDate}
            onChange={(e) => set('meetingDate', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('form.duration')} error={errors.durationMinutes}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={GROUP_SESSION_DURATION_MIN}
            max={GROUP_SESSION_DURATION_MAX}
            step={5}
            value={values.durationMinutes}
            onChange={(e) => set('durationMinutes', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('form.location')} error={errors.location}>
        {(control) => (
          <Input
            {...control}
            value={values.location}
            maxLength={300}
            onChange={(e) => set('location', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('form.meetingUrl')} error={errors.meetingUrl} description={t('form.meetingUrlHint')}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.meetingUrl}
            onChange={(e) => set('meetingUrl', e.target.value)}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Field label={t('form.description')} error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={5000}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t('form.course')} error={errors.courseId}>
        {(control) => (
          <Select {...control} value={values.courseId} onChange={(e) => set('courseId', e.target.value)}>
            <option value="">{t('form.noCourse')}</option>
            {(courses.data?.items ?? []).map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex items-end">
        <Checkbox
          label={t('form.inviteCourseLearners')}
          disabled={!values.courseId}
          checked={values.inviteCourseLearners && Boolean(values.courseId)}
          onChange={(e) => set('inviteCourseLearners', e.target.checked)}
        />
      </div>
      <div className="sm:col-span-2">
        <LearnerPicker selected={learners} onChange={setLearners} />
        {errors.studentIds && <p className="mt-1 text-sm text-danger">{errors.studentIds}</p>}
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" isLoading={mutation.isPending}>
          {session ? t('form.save') : t('form.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
