import { FORUM_PARTICIPANTS_SHOWN, type ForumPerson } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { getLanguage } from '@/lib/i18n';
import { getInitials } from '@/lib/initials';
import { dateTimeFormat } from '@/lib/intl';

export function formatForumDate(value: string): string {
  return dateTimeFormat(getLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** Initials of the first posters, then how many more; the names are given to screen readers. */
export function Participants({ people, total }: { people: readonly ForumPerson[]; total: number }) {
  const { t } = useTranslation('forum');
  const shown = people.slice(0, FORUM_PARTICIPANTS_SHOWN);
  const more = Math.max(0, total - shown.length);
  return (
    <div className="flex items-center">
      <span className="sr-only">
        {t('list.participants', { count: total, names: shown.map((person) => person.fullName).join(', ') })}
      </span>
      <span aria-hidden="true" className="flex -space-x-2">
        {shown.map((person) => (
          <span
            key={person.id}
            title={person.fullName}
            className="inline-flex size-7 items-center justify-center rounded-full border-2 border-card bg-primary text-[0.65rem] font-semibold text-primary-foreground"
          >
            {getInitials(person.fullName, null)}
          </span>
        ))}
        {more > 0 && (
          <span className="inline-flex size-7 items-center justify-center rounded-full border-2 border-card bg-muted text-[0.65rem] font-semibold text-muted-foreground">
            +{more}
          </span>
        )}
      </span>
    </div>
  );
}
