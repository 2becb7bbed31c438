import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

export interface ChoiceSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { id: string; label: string }[] | undefined;
  isLoading: boolean;
  error?: string;
  /** What the empty choice says where it means every one (a filter), rather than "Choose…". */
  emptyLabel?: string;
}

/** A picker of the organisation's formations, quizzes or learners, with its loading state. */
export function ChoiceSelect({
  label,
  value,
  onChange,
  options,
  isLoading,
  error,
  emptyLabel,
}: ChoiceSelectProps) {
  const { t } = useTranslation('quizAccess');
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Select
          {...control}
          value={value}
          disabled={isLoading}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">
            {isLoading ? t('common.loadingChoices') : (emptyLabel ?? t('common.choose'))}
          </option>
          {options?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
