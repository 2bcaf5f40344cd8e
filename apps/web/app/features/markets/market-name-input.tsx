import { Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { storeAddress, useOrigin } from './store-address';

interface MarketNameInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  testId?: string;
}

/**
 * The store name with the address it gives the store (`<origin>/<name>`). Its rules are the
 * form's (marketNameSchema, checked as one types); uniqueness is the server's answer on save.
 */
export function MarketNameInput({ value, onChange, onBlur, error, testId }: MarketNameInputProps) {
  const { t } = useTranslation();
  const origin = useOrigin();
  const description = value ? (
    <>
      {t('cp.markets.addressLabel')}:{' '}
      <Text span inherit ff="monospace" data-testid={testId ? `${testId}-address` : undefined}>
        {storeAddress(origin, value)}
      </Text>
    </>
  ) : (
    t('cp.markets.nameRules')
  );

  return (
    <TextInput
      label={t('cp.markets.name')}
      placeholder={t('cp.markets.namePlaceholder')}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      data-testid={testId}
      value={value}
      // Only lowercase names exist (SPEC §5); capitals would only ever be rejected.
      onChange={(event) => onChange(event.currentTarget.value.toLowerCase())}
      onBlur={onBlur}
      error={error}
    />
  );
}
