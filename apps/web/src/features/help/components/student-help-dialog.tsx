import { BookOpen, MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { usePublicConfig } from '../api/get-public-config';
import { FaqList } from './faq-list';
import { HelpDialogFrame } from './help-dialog-frame';
import { useFaqEntries } from './use-faq-entries';

/** SPEC 2 student help dialog: 6 FAQ entries, quick actions and the support address. */
export function StudentHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('help');
  const entries = useFaqEntries('student');
  const config = usePublicConfig();

  return (
    <HelpDialogFrame title={t('studentDialog.title')} closeLabel={t('studentDialog.close')} onClose={onClose}>
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-foreground">{t('studentDialog.faq')}</h3>
        <FaqList entries={entries} />
      </section>
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-foreground">{t('studentDialog.quickActions')}</h3>
        <div className="flex flex-wrap gap-2">
          <Link to="/formations" onClick={onClose} className={buttonClassName('secondary', 'sm')}>
            <BookOpen aria-hidden="true" className="size-4" />
            {t('studentDialog.myCourses')}
          </Link>
          <Link to="/questions" onClick={onClose} className={buttonClassName('secondary', 'sm')}>
            <MessageCircleQuestion aria-hidden="true" className="size-4" />
            {t('studentDialog.askQuestion')}
          </Link>
        </div>
      </section>
      <p className="text-sm text-muted-foreground">
        {config.data ? (
          <a href={`mailto:${config.data.supportEmail}`} className="text-primary underline">
            {t('studentDialog.support', { email: config.data.supportEmail })}
          </a>
        ) : config.isError ? (
          t('contact.unavailable')
        ) : (
          t('contact.loading')
        )}
      </p>
    </HelpDialogFrame>
  );
}
