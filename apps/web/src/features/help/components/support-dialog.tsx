import { useTranslation } from 'react-i18next';
import { FaqList } from './faq-list';
import { HelpDialogFrame } from './help-dialog-frame';
import { SupportContact } from './support-contact';
import { useFaqEntries } from './use-faq-entries';

/** SPEC 2: help for signed-in people without an organisation (no help-centre page): FAQ and contact. */
export function SupportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('help');
  const entries = useFaqEntries('staff');
  return (
    <HelpDialogFrame title={t('supportDialog.title')} closeLabel={t('supportDialog.close')} onClose={onClose}>
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-foreground">{t('supportDialog.faq')}</h3>
        <FaqList entries={entries} />
      </section>
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold text-foreground">{t('contact.title')}</h3>
        <SupportContact />
      </section>
    </HelpDialogFrame>
  );
}
