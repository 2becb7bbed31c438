import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * A formation or lesson page the device does not hold, without a network: said plainly, with the
 * way to what is held. It stands for the whole page, so it carries the page's one <h1>.
 */
export function OfflinePageUnavailable() {
  const { t } = useTranslation('offline');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input/60 bg-card px-6 py-12 text-center">
      <CloudOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold text-foreground">{t('unavailable.title')}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t('unavailable.description')}</p>
      <Link to={paths.student.formations.getHref()} className={buttonClassName('primary')}>
        {t('unavailable.back')}
      </Link>
    </div>
  );
}

/** The formations list without a network when the device holds none. */
export function OfflineListUnavailable() {
  const { t } = useTranslation('offline');
  return (
    <Alert variant="warning" title={t('unavailable.listTitle')}>
      {t('unavailable.listDescription')}
    </Alert>
  );
}
