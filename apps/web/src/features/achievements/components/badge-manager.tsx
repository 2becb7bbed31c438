import {
  ACHIEVEMENT_CRITERIA,
  type AchievementCriterion,
  BADGE_RARITIES,
  type Badge,
  type BadgeRarity,
  CreateBadgeInputSchema,
} from '@cursus/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge as Tag } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/error-message';
import { getLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useCreateBadge, useDeleteBadge, useUpdateBadge } from '../api/change-badge';
import { useBadges } from '../api/get-badges';
import { badgeName, criterionAmount } from '../lib/badge-text';
import { checkForm } from '../lib/field-errors';
import { RarityBadge } from './rarity-badge';

const EMPTY_FORM = {
  name: '',
  description: '',
  criterion: 'time_spent' as AchievementCriterion,
  threshold: '',
  rarity: 'common' as BadgeRarity,
};

function CreateBadgeForm() {
  const { t } = useTranslation('achievements');
  const createBadge = useCreateBadge();
  const [values, setValues] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof EMPTY_FORM>(key: K, value: (typeof EMPTY_FORM)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(CreateBadgeInputSchema, {
      ...values,
      threshold: values.threshold.trim() === '' ? undefined : Number(values.threshold),
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    createBadge.mutate(checked.data, {
      onSuccess: () => {
        notify.success(t('manage.form.created'));
        setValues(EMPTY_FORM);
      },
    });
  };

  return (
    <Card as="section" aria-labelledby="create-badge-title">
      <CardTitle id="create-badge-title">{t('manage.form.title')}</CardTitle>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        {createBadge.isError && (
          <div className="sm:col-span-2">
            <Alert variant="error">{getErrorMessage(createBadge.error)}</Alert>
          </div>
        )}
        <Field label={t('manage.form.name')} error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              maxLength={100}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('manage.form.rarity')} error={errors.rarity}>
          {(control) => (
            <Select
              {...control}
              value={values.rarity}
              onChange={(e) => set('rarity', e.target.value as BadgeRarity)}
            >
              {BADGE_RARITIES.map((rarity) => (
                <option key={rarity} value={rarity}>
                  {t(`rarity.${rarity}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('manage.form.criterion')} error={errors.criterion}>
          {(control) => (
            <Select
              {...control}
              value={values.criterion}
              onChange={(e) => set('criterion', e.target.value as AchievementCriterion)}
            >
              {ACHIEVEMENT_CRITERIA.map((criterion) => (
                <option key={criterion} value={criterion}>
                  {t(`criteria.${criterion}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('manage.form.threshold')}
          error={errors.threshold}
          description={t(`manage.form.thresholdHint.${values.criterion}`)}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              value={values.threshold}
              onChange={(e) => set('threshold', e.target.value)}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field label={t('manage.form.description')} error={errors.description}>
            {(control) => (
              <Textarea
                {...control}
                value={values.description}
                maxLength={500}
                onChange={(e) => set('description', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={createBadge.isPending}>
            {t('manage.form.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function BadgeRow({ badge, onDelete }: { badge: Badge; onDelete: (badge: Badge) => void }) {
  const { t } = useTranslation('achievements');
  const updateBadge = useUpdateBadge();
  const name = badgeName(badge, t);
  const toggle = () =>
    updateBadge.mutate(
      { id: badge.id, changes: { isActive: !badge.isActive } },
      {
        onSuccess: () => notify.success(t('manage.toggled')),
        onError: (error) => notify.error(getErrorMessage(error)),
      },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium text-foreground">{name}</span>
        <span className="text-xs text-muted-foreground">
          {t(`criteria.${badge.criterion}`)} ·{' '}
          {criterionAmount(badge.criterion, badge.threshold, t, getLanguage())}
        </span>
        <div className="flex flex-wrap gap-2">
          <RarityBadge rarity={badge.rarity} />
          <Tag>{badge.systemKey ? t('manage.systemTag') : t('manage.customTag')}</Tag>
          <Tag variant={badge.isActive ? 'success' : 'neutral'}>
            {badge.isActive ? t('manage.active') : t('manage.inactive')}
          </Tag>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={toggle} isLoading={updateBadge.isPending}>
          {badge.isActive ? t('manage.deactivate') : t('manage.activate')}
          <span className="sr-only"> {name}</span>
        </Button>
        {!badge.systemKey && (
          <Button variant="ghost" size="sm" onClick={() => onDelete(badge)}>
            {t('manage.delete')}
            <span className="sr-only"> {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** Trainers' screen: the organisation's badges, switched on or off, and their own created. */
export function BadgeManager() {
  const { t } = useTranslation('achievements');
  const badges = useBadges();
  const deleteBadge = useDeleteBadge();
  const [deleting, setDeleting] = useState<Badge | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <CreateBadgeForm />
      <Card as="section" padding="p-0" aria-labelledby="badge-list-title">
        <div className="p-4 sm:p-6">
          <CardTitle id="badge-list-title">{t('manage.listLabel')}</CardTitle>
          <CardDescription>{t('manage.description')}</CardDescription>
        </div>
        {badges.isPending && (
          <div className="p-4">
            <SkeletonCards label={t('manage.loading')} count={3} bars={['w-1/3', 'w-1/2']} />
          </div>
        )}
        {badges.isError && (
          <div className="p-4">
            <LoadErrorAlert
              error={badges.error}
              title={t('manage.error')}
              retryLabel={t('retry')}
              onRetry={() => badges.refetch()}
            />
          </div>
        )}
        {badges.data && (
          <ul className="divide-y divide-border border-t border-border">
            {badges.data.items.map((badge) => (
              <BadgeRow key={badge.id} badge={badge} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </Card>
      {deleting && (
        <ConfirmDialog
          title={t('manage.deleteTitle', { name: badgeName(deleting, t) })}
          description={t('manage.deleteDescription')}
          confirmLabel={t('manage.delete')}
          isPending={deleteBadge.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            deleteBadge.mutate(deleting.id, {
              onSuccess: () => {
                notify.success(t('manage.deleted'));
                setDeleting(null);
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </div>
  );
}
