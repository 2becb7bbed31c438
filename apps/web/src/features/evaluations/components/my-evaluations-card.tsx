import type { EvaluationForm } from '@cursus/contracts';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';
import { useAnswerMyEvaluation, useMyEvaluations } from '../api/evaluations';
import { AnswerForm } from './answer-form';

/**
 * The learner's questionnaires waiting for an answer, on their dashboard; nothing at all when there
 * is none. Each opens in a dialog, answered in the app like the emailed link.
 */
export function MyEvaluationsCard() {
  const { t } = useTranslation('evaluations');
  const mine = useMyEvaluations();
  const answer = useAnswerMyEvaluation();
  const [open, setOpen] = useState<EvaluationForm | null>(null);
  const items = mine.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="my-evaluations-title">
      <CardTitle id="my-evaluations-title" className="flex items-center gap-2">
        <ClipboardList aria-hidden="true" className="size-5 text-primary" />
        {t('mine.title', { count: items.length })}
      </CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t('mine.description')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.invitationId} className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-foreground">{item.title}</p>
              {item.courseTitle && <p className="text-sm text-muted-foreground">{item.courseTitle}</p>}
            </div>
            <Button size="sm" onClick={() => setOpen(item)}>
              {t('mine.answer')}
            </Button>
          </li>
        ))}
      </ul>
      {open && (
        <Dialog
          title={open.title}
          description={open.description || undefined}
          closeLabel={t('mine.close')}
          onClose={() => setOpen(null)}
          size="lg"
        >
          <AnswerForm
            form={open}
            isPending={answer.isPending}
            onSubmit={async (answers) => {
              await answer.mutateAsync({ id: open.invitationId, body: { answers } });
              notify.success(t('answer.thanks'));
              setOpen(null);
            }}
          />
        </Dialog>
      )}
    </Card>
  );
}
