import { useTranslation } from 'react-i18next';
import type { FaqEntry } from './faq-list';

/** The FAQ of one audience, in the order the locale file lists it. */
export function useFaqEntries(audience: 'staff' | 'student'): FaqEntry[] {
  const { t } = useTranslation('help');
  const entries = t(`faq.${audience}`, { returnObjects: true }) as Record<string, FaqEntry>;
  return Object.values(entries);
}
