import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HelpCentre, isHelpCentreTab } from '@/features/help/components/help-centre';

/** SPEC 2 /trainer/help: the help centre of trainers and admins with an organisation. */
export default function TrainerHelpRoute() {
  const { t } = useTranslation('help');
  const { user } = useAuth();
  const tab = useSearchParams()[0].get('tab');
  return (
    <>
      <PageHeader title={t('centre.title')} description={t('centre.intro')} />
      <HelpCentre
        profileHref={user?.role === 'admin' ? '/admin/profile' : '/trainer/profile'}
        initialTab={isHelpCentreTab(tab) ? tab : undefined}
      />
    </>
  );
}
