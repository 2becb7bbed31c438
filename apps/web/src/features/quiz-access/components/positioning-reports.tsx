import { ChartColumn, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { numberFormat } from '@/lib/intl';
import { useCourseChoices, useStudentChoices } from '../api/get-choices';
import { useCourseReport, useStudentReport } from '../api/get-positioning-reports';
import { ChoiceSelect } from './choice-select';
import { GuestAttemptDialog } from './guest-attempt-dialog';
import { InvitationRow } from './invitation-row';

function usePercent() {
  const { i18n } = useTranslation();
  return (value: number) => numberFormat(i18n.language, { style: 'percent' }).format(value / 100);
}

/**
 * Per formation (Qualiopi indicators 4 and 8): who was invited and answered, the average, and how
 * each question went: what the group already knows and what the training must cover.
 */
export function PositioningCourseReport() {
  const { t } = useTranslation(['quizAccess', 'common']);
  const percent = usePercent();
  const courses = useCourseChoices();
  const [courseId, setCourseId] = useState('');
  const report = useCourseReport(courseId || null);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-md">
        <ChoiceSelect
          label={t('quizAccess:reports.course')}
          value={courseId}
          onChange={setCourseId}
          isLoading={courses.isPending}
          options={courses.data?.items.map((course) => ({ id: course.id, label: course.title }))}
        />
      </div>
      {!courseId ? (
        <EmptyState
          icon={ChartColumn}
          title={t('quizAccess:reports.pickCourseTitle')}
          description={t('quizAccess:reports.pickCourseDescription')}
        />
      ) : report.isPending ? (
        <Spinner label={t('quizAccess:reports.loading')} />
      ) : report.isError ? (
        <LoadErrorAlert
          error={report.error}
          retryLabel={t('common:actions.retry')}
          onRetry={() => report.refetch()}
        />
      ) : (
        <section aria-labelledby="positioning-course-report" className="flex flex-col gap-4">
          <h2 id="positioning-course-report" className="text-base font-semibold text-foreground">
            {report.data.courseTitle}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {(
              [
                ['sent', report.data.counts.sent],
                ['answered', report.data.counts.answered],
                ['pending', report.data.counts.pending],
                ['expired', report.data.counts.expired],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border border-border bg-card p-3">
                <dt className="text-xs text-muted-foreground">{t(`quizAccess:reports.counts.${key}`)}</dt>
                <dd className="text-xl font-semibold text-foreground">{value}</dd>
              </div>
            ))}
            <div className="rounded-lg border border-border bg-card p-3">
              <dt className="text-xs text-muted-foreground">{t('quizAccess:reports.average')}</dt>
              <dd className="text-xl font-semibold text-foreground">
                {report.data.averagePercent === null ? '—' : percent(report.data.averagePercent)}
              </dd>
            </div>
          </dl>
          {report.data.questions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('quizAccess:reports.noAnswers')}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('quizAccess:reports.questionsCaption')}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('quizAccess:reports.question')}
                  </th>
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('quizAccess:reports.answeredBy')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('quizAccess:reports.success')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.questions.map((question) => (
                  <tr key={question.questionId} className="border-t border-border">
                    <td className="py-2 pe-3 text-foreground">{question.text}</td>
                    <td className="py-2 pe-3 text-foreground">{question.answered}</td>
                    <td className="py-2 text-foreground">
                      {question.successPercent === null ? '—' : percent(question.successPercent)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * Per learner: the positioning answers attached to their account (the learner record's section,
 * until the learner record screen exists).
 */
/** One learner's positioning tests: on the positioning screen's per-learner tab and on the learner record. */
export function StudentPositioning({ studentId }: { studentId: string }) {
  const { t } = useTranslation(['quizAccess', 'common']);
  const [shownAttempt, setShownAttempt] = useState<string | null>(null);
  const report = useStudentReport(studentId);
  const headingId = useId();
  if (report.isPending) return <Spinner label={t('quizAccess:reports.loading')} />;
  if (report.isError)
    return (
      <LoadErrorAlert
        error={report.error}
        retryLabel={t('common:actions.retry')}
        onRetry={() => report.refetch()}
      />
    );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-foreground">
        {t('quizAccess:reports.studentTitle', { name: report.data.student.fullName })}
      </h2>
      {report.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('quizAccess:reports.studentEmpty')}</p>
      ) : (
        <ul aria-label={t('quizAccess:reports.studentListLabel')} className="flex flex-col gap-3">
          {report.data.items.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} onShowAnswers={setShownAttempt} />
          ))}
        </ul>
      )}
      {shownAttempt && <GuestAttemptDialog attemptId={shownAttempt} onClose={() => setShownAttempt(null)} />}
    </section>
  );
}

export function PositioningStudentReport({ initialStudentId = '' }: { initialStudentId?: string }) {
  const { t } = useTranslation(['quizAccess', 'common']);
  const students = useStudentChoices();
  const [studentId, setStudentId] = useState(initialStudentId);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-md">
        <ChoiceSelect
          label={t('quizAccess:reports.student')}
          value={studentId}
          onChange={setStudentId}
          isLoading={students.isPending}
          options={students.data?.items.map((student) => ({
            id: student.id,
            label: `${student.fullName} (${student.email})`,
          }))}
        />
      </div>
      {studentId ? (
        <StudentPositioning key={studentId} studentId={studentId} />
      ) : (
        <EmptyState
          icon={UserRound}
          title={t('quizAccess:reports.pickStudentTitle')}
          description={t('quizAccess:reports.pickStudentDescription')}
        />
      )}
    </div>
  );
}
