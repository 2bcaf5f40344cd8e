import { Group, PinInput, Text } from '@mantine/core';
import { limits } from '@shop/shared';

/** Six boxes that take digits only; pasting a whole code fills them all. */
export function CodeInput({
  value,
  onChange,
  error,
  label,
  onComplete,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label: string;
  onComplete?: (value: string) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={6} id="code-label">
        {label}
      </Text>
      <Group justify="center">
        <PinInput
          length={limits.code.length}
          type={/^[0-9]*$/}
          inputType="tel"
          inputMode="numeric"
          oneTimeCode
          size="lg"
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={Boolean(error)}
          aria-labelledby="code-label"
          data-testid="code-input"
          autoFocus
        />
      </Group>
      {error && (
        <Text c="red" size="sm" mt={6} ta="center" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
