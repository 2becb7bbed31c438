import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { MySessionList } from './my-group-sessions';

/** Coaching: the learner's upcoming group sessions, and a way to reach a trainer. */
export function Coaching() {
  const { t } = useTranslation('groupSessions');
  return (
    <div className="flex flex-col gap-8">
      <Card as="section" aria-labelledby="coaching-contact" className="flex flex-col gap-3">
        <CardTitle id="coaching-contact">{t('coaching.contactTitle')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('coaching.contactDescription')}</p>
        <div>
          <Link to={paths.student.messages.getHref()} className={buttonClassName('primary', 'md')}>
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('coaching.contact')}
          </Link>
        </div>
      </Card>
      <MySessionList when="upcoming" pageSize={5} />
    </div>
  );
}
