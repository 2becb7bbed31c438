import {
  ACTION_CATEGORIES,
  type ActionCategory,
  type ComplianceProfile,
  isIndicatorApplicable,
  QUALITY_INDICATORS,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useUpdateComplianceProfile } from '../api/compliance';

/**
 * "Profil de l'organisme": the action categories it delivers, whether it prepares certifications and
 * whether it trains in work-linked schemes outside apprenticeship.
 */
export function ComplianceProfileForm({ profile }: { profile: ComplianceProfile }) {
  const { t } = useTranslation('compliance');
  const update = useUpdateComplianceProfile();
  const [categories, setCategories] = useState<ActionCategory[]>(profile.actionCategories);
  const [certifying, setCertifying] = useState(profile.certifying);
  const [workLinked, setWorkLinked] = useState(profile.workLinked);
  const [error, setError] = useState<string | null>(null);
  const applicable = QUALITY_INDICATORS.filter((indicator) =>
    isIndicatorApplicable(indicator, { actionCategories: categories, certifying, workLinked }),
  ).length;

  const toggle = (category: ActionCategory, checked: boolean) =>
    setCategories((current) =>
      checked ? [...current, category] : current.filter((value) => value !== category),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (categories.length === 0) {
      setError(t('profile.noCategory'));
      return;
    }
    setError(null);
    update.mutate(
      { actionCategories: categories, certifying, workLinked },
      {
        onSuccess: () => notify.success(t('profile.saved')),
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="compliance-profile-title">
      <CardTitle id="compliance-profile-title">{t('profile.title')}</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">{t('profile.description')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        {error && <Alert variant="error">{error}</Alert>}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-foreground">{t('profile.categories')}</legend>
          {ACTION_CATEGORIES.map((category) => (
            <Checkbox
              key={category}
              name="actionCategories"
              value={category}
              checked={categories.includes(category)}
              onChange={(event) => toggle(category, event.target.checked)}
              label={t(`profile.category.${category}`)}
            />
          ))}
        </fieldset>
        <Checkbox
          name="certifying"
          checked={certifying}
          onChange={(event) => setCertifying(event.target.checked)}
          label={t('profile.certifying')}
          hint={t('profile.certifyingHint')}
        />
        <Checkbox
          name="workLinked"
          checked={workLinked}
          onChange={(event) => setWorkLinked(event.target.checked)}
          label={t('profile.workLinked')}
          hint={t('profile.workLinkedHint')}
        />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('profile.applicable', { count: applicable })}
        </p>
        <div>
          <Button type="submit" isLoading={update.isPending}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
