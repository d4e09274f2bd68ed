import type { TFunction } from 'i18next';
import type { Age } from '../../../../domain/studies/header';

/** '1 ano, 2 meses e 1 dia': each part in its own plural form (never '1 dias'). */
export function ageLabel(t: TFunction, age: Age): string {
  return t('studyHeader.ageValue', {
    years: t('studyHeader.years', { count: age.years }),
    months: t('studyHeader.months', { count: age.months }),
    days: t('studyHeader.days', { count: age.days }),
  });
}
