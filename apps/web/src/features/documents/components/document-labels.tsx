import type { Document } from '@cursus/contracts';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

export function useFormatDate() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (iso: string) => format.format(new Date(iso));
}

/** A size in kilobytes or megabytes, with the reader's decimal separator ("1,2 Mo"). */
export function useFormatSize() {
  const { t, i18n } = useTranslation('documents');
  const format = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t('size.kb', { value: format.format(Math.max(1, Math.round(bytes / 1024))) })
      : t('size.mb', { value: format.format(bytes / (1024 * 1024)) });
}

export function CategoryBadge({ document }: { document: Pick<Document, 'category'> }) {
  const { t } = useTranslation('documents');
  return <Badge variant="info">{t(`category.${document.category}`)}</Badge>;
}

/** Who reads the document besides staff, in words. */
export function VisibilityText({ document }: { document: Document }) {
  const { t } = useTranslation('documents');
  return (
    <span>
      {t(`visibilityOf.${document.visibility}`, {
        course: document.courseTitle ?? '',
        name: document.studentName ?? '',
      })}
    </span>
  );
}

/** Opens a file in a new tab: the server shows a PDF or an image inline, anything else is saved. */
export function FileLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-sm text-primary underline"
    >
      <FileText aria-hidden="true" className="size-4" />
      {label}
      <span className="sr-only"> {name}</span>
    </a>
  );
}
