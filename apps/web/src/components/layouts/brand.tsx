import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The product name, linking to the smart redirect, which knows where each person belongs. */
export function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link
      to={paths.home.getHref()}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold text-foreground',
        FOCUS_RING,
      )}
    >
      <GraduationCap aria-hidden="true" className="size-6 text-primary" />
      {t('appName')}
    </Link>
  );
}
