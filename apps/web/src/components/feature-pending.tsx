import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** The honest empty state of a screen whose feature ships in a later version: no sample data, ever. */
export function FeaturePending() {
  const { t } = useTranslation('navigation');
  return <EmptyState icon={Hourglass} title={t('pending.title')} description={t('pending.description')} />;
}
