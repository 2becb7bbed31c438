import { LOG_SEVERITIES, type LogSeverity } from '@cursus/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterField } from '@/components/ui/filter-bar';
import { Select } from '@/components/ui/select';

/** The logs' and the alerts' severity filter: every severity, or one. */
export function SeverityFilter({
  value,
  onChange,
}: {
  value: LogSeverity | '';
  onChange: (severity: LogSeverity | '') => void;
}) {
  const { t } = useTranslation('system');
  const id = useId();
  return (
    <FilterField label={t('monitoring.severity')} htmlFor={id}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as LogSeverity | '')}>
        <option value="">{t('monitoring.allSeverities')}</option>
        {LOG_SEVERITIES.map((severity) => (
          <option key={severity} value={severity}>
            {t(`severity.${severity}`)}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}
