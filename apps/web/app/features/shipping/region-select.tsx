import { Anchor, Group, MultiSelect, Text } from '@mantine/core';
import { type Language, REGIONS, searchKey, textComparer } from '@shop/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The delivery zone: any of Azerbaijan's cities and districts, searched by name in the
 * interface language. None chosen means everywhere.
 */
export function RegionSelect({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const options = useMemo(() => {
    // Azerbaijani's own alphabet in az (a browser may lack ICU's Azerbaijani data: shared/alphabet.ts).
    const compare = textComparer(language);
    return REGIONS.map((r) => ({ value: r.code, label: r.names[language] ?? r.names.az })).sort((a, b) =>
      compare(a.label, b.label),
    );
  }, [language]);
  const all = value.length === REGIONS.length;

  return (
    <div>
      <Group justify="space-between" align="flex-end" gap="xs" mb={4}>
        <Text component="label" htmlFor="tariff-regions" size="sm" fw={500}>
          {t('shipping.form.zone')}
        </Text>
        <Group gap="sm">
          {!all && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => onChange(REGIONS.map((r) => r.code))}
              data-testid="tariff-regions-all"
            >
              {t('shipping.form.zoneAll')}
            </Anchor>
          )}
          {value.length > 0 && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              c="dimmed"
              onClick={() => onChange([])}
              data-testid="tariff-regions-clear"
            >
              {t('shipping.form.zoneClear')}
            </Anchor>
          )}
        </Group>
      </Group>
      <MultiSelect
        id="tariff-regions"
        data={options}
        value={value}
        onChange={onChange}
        searchable
        // Blind to the dot of i, like every search: "ismayilli" finds İsmayıllı.
        filter={({ options: shown, search }) => {
          const term = searchKey(search.trim());
          return shown.filter((o) => 'label' in o && searchKey(o.label).includes(term));
        }}
        placeholder={value.length ? undefined : t('shipping.form.zonePlaceholder')}
        nothingFoundMessage={t('shipping.form.zoneNothing')}
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
        description={
          value.length === 0
            ? t('shipping.form.zoneEverywhere')
            : t('shipping.form.zoneChosen', { count: value.length, total: REGIONS.length })
        }
        inputWrapperOrder={['input', 'description', 'error']}
        error={error}
        // Every district chosen would fill the box: it scrolls instead.
        styles={{ pillsList: { maxHeight: 120, overflowY: 'auto' } }}
        data-testid="tariff-regions"
      />
    </div>
  );
}
