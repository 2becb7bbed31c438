import type { LearnerDocuments } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import type { DocumentAction } from './document-dialogs';
import { FileLink, useFormatDate } from './document-labels';
import { DocumentRow } from './document-row';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `documents-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/**
 * One learner's documents, as they read them or as staff see them on their record (`onAction`
 * then offers staff's actions on the documents made for the learner).
 */
export function LearnerDocumentsView({
  data,
  onAction,
}: {
  data: LearnerDocuments;
  onAction?: (action: DocumentAction) => void;
}) {
  const { t } = useTranslation('documents');
  const formatDate = useFormatDate();
  return (
    <div className="flex flex-col gap-8">
      <Section title={t('learner.enrolments')}>
        {data.enrolments.length === 0 && <Empty>{t('learner.noEnrolment')}</Empty>}
        {data.enrolments.map((enrolment) => (
          <Card as="article" key={enrolment.courseId} padding="p-4" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="flex flex-col gap-1">
                <h3 className="text-base font-semibold text-foreground">{enrolment.courseTitle}</h3>
                <p className="text-xs text-muted-foreground">
                  {t('learner.enrolledOn', { date: formatDate(enrolment.enrolledAt) })}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <FileLink
                  href={enrolment.convocationUrl}
                  label={t('learner.convocation')}
                  name={enrolment.courseTitle}
                />
                <p className="text-xs text-muted-foreground">{t('learner.convocationHint')}</p>
              </div>
            </div>
            {enrolment.documents.length > 0 && (
              <ul className="flex flex-col gap-2" aria-label={enrolment.courseTitle}>
                {enrolment.documents.map((document) => (
                  <DocumentRow key={document.id} document={document} headingLevel="h4" onAction={onAction} />
                ))}
              </ul>
            )}
          </Card>
        ))}
      </Section>
      <Section title={t('learner.personal')}>
        {data.personal.length === 0 ? (
          <Empty>{t('learner.noPersonal')}</Empty>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('learner.personal')}>
            {data.personal.map((document) => (
              <DocumentRow key={document.id} document={document} onAction={onAction} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('learner.shared')}>
        {data.shared.length === 0 ? (
          <Empty>{t('learner.noShared')}</Empty>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('learner.shared')}>
            {data.shared.map((document) => (
              <DocumentRow key={document.id} document={document} />
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('learner.attendance')}>
        {data.attendance.length === 0 ? (
          <Empty>{t('learner.noAttendance')}</Empty>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('learner.attendance')}>
            {data.attendance.map((sheet) => (
              <Card
                as="li"
                key={sheet.sessionId}
                padding="p-4"
                className="flex flex-wrap items-center justify-between gap-3"
              >
                <div className="flex flex-col gap-1">
                  <h3 className="text-base font-semibold text-foreground">{sheet.sessionTitle}</h3>
                  <p className="text-xs text-muted-foreground">
                    {t('learner.sessionOn', { date: formatDate(sheet.startsAt) })}
                  </p>
                </div>
                <FileLink href={sheet.sheetUrl} label={t('learner.sheet')} name={sheet.sessionTitle} />
              </Card>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
