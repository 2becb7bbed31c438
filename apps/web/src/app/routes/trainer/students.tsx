import { UserRoundPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LearnerList } from '@/features/learners/components/learner-list';

/** SPEC 2 /trainer/students: the organisation's learners, invited one by one or imported from a CSV file. */
export default function TrainerStudentsRoute() {
  const { t } = useTranslation('learners');
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('list.title')} description={user?.organizationName ?? t('list.description')} />
      <LearnerList
        getRecordHref={paths.trainer.studentDetails.getHref}
        actions={
          // A learner who signed up alone waits for an organisation (SPEC 1): staff attach them there.
          <Link to={paths.assignOrganization.getHref()} className={buttonClassName('ghost')}>
            <UserRoundPlus aria-hidden="true" className="size-4" />
            {t('list.assign')}
          </Link>
        }
      />
    </>
  );
}
