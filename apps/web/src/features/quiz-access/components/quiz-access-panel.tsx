import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PublicLinkPanel } from './public-links';

/**
 * What a quiz offers people without an account, under its editor on /trainer/quizzes: its public
 * link with the answers received, and the way to send it as a positioning test.
 */
export function QuizAccessPanel({ quizId }: { quizId: string }) {
  const { t } = useTranslation('quizAccess');
  return (
    <section
      aria-labelledby={`quiz-access-${quizId}`}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4"
    >
      <h2 id={`quiz-access-${quizId}`} className="text-base font-semibold text-foreground">
        {t('panel.title')}
      </h2>
      <PublicLinkPanel quizId={quizId} />
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        <p className="text-sm text-muted-foreground">{t('panel.positioningHint')}</p>
        <Link
          to={paths.trainer.positioning.getHref({ tab: 'send' })}
          className={buttonClassName('secondary', 'sm', 'self-start')}
        >
          {t('panel.sendPositioning')}
        </Link>
      </div>
    </section>
  );
}
