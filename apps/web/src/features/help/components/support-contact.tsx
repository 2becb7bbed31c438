import { normalizeLanguage } from '@cursus/contracts';
import { Clock, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatSupportHours } from '@/lib/support-hours';
import { usePublicConfig } from '../api/get-public-config';

/** The support address (from the server's configuration) and the SPEC 1 support hours. */
export function SupportContact() {
  const { t, i18n } = useTranslation('help');
  const config = usePublicConfig();
  const language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <dl className="flex flex-col gap-4 text-sm">
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <div>
          <dt className="font-medium text-foreground">{t('contact.email')}</dt>
          <dd className="text-muted-foreground">
            {config.data ? (
              <a href={`mailto:${config.data.supportEmail}`} className="text-primary underline">
                {config.data.supportEmail}
              </a>
            ) : config.isError ? (
              t('contact.unavailable')
            ) : (
              t('contact.loading')
            )}
          </dd>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <div>
          <dt className="font-medium text-foreground">{t('contact.hours')}</dt>
          <dd className="text-muted-foreground">{formatSupportHours(language)}</dd>
        </div>
      </div>
    </dl>
  );
}
