import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VacancyForm } from '../../features/staff/vacancy-form';
import { VACANCIES_PATH } from '../../features/staff/vacancy-list';
import { staffVacancyQuery } from '../../features/staff/vacancy-queries';
import { panelTitle } from '../../lib/panel-title';
import { useStaffArea } from '../../lib/staff-area';
import { LoadError } from '../../ui/panel';
import type { Route } from './+types/vacancy-edit';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'staff.editVacancy');

/** A vacancy opened for editing: read first, then its form. */
export default function StaffVacancyEdit({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useStaffArea();
  const vacancy = useQuery(staffVacancyQuery(params.id));
  if (vacancy.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w={280} />
        <Skeleton h={480} radius="lg" />
      </Stack>
    );
  }
  if (vacancy.isError) {
    return (
      <LoadError
        error={vacancy.error}
        onRetry={() => vacancy.refetch()}
        back={{ to: VACANCIES_PATH, label: t('hiring.vacancy.backToList') }}
      />
    );
  }
  // Another vacancy is another form: its values and its guard start afresh.
  return <VacancyForm key={params.id} vacancy={vacancy.data} timeZone={user.timeZone} />;
}
