import { Loader, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { useSectors } from './queries';

/** The sector of a store, from GET /Sector/get-all-sectors (named in the interface language). */
export function SectorSelect({ error, ...props }: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const sectors = useSectors();
  return (
    <Select
      label={t('cp.markets.sector')}
      placeholder={t('cp.markets.sectorPlaceholder')}
      required
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('cp.markets.sectorNone')}
      data={(sectors.data ?? []).map((sector) => ({ value: String(sector.id), label: sector.name }))}
      rightSection={sectors.isPending ? <Loader size={14} /> : undefined}
      error={error ?? (sectors.error ? errorText(sectors.error, t) : undefined)}
      {...props}
    />
  );
}
