import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A cp list's search box: the search icon, and a button that empties it once something is typed. */
export function SearchInput({
  label,
  placeholder,
  clearLabel,
  value,
  onChange,
  maxLength,
  testId,
}: {
  label: string;
  placeholder: string;
  clearLabel: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  testId: string;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} /> : null}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={maxLength}
      type="search"
      style={{ flex: '1 1 260px' }}
      data-testid={testId}
    />
  );
}
