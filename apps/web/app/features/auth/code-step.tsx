import { Button, Stack } from '@mantine/core';
import { codeSchema } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { CodeInput } from './code-input';
import { ScreenTitle } from './screen-title';

/**
 * One screen of entering a mailed code: the six boxes, digits only, checked before sending; a
 * refused code is shown under the boxes, which empty for the next try.
 */
export function CodeStep({
  title,
  subtitle,
  submitLabel,
  onConfirm,
  children,
}: {
  title: string;
  subtitle: string;
  submitLabel: string;
  onConfirm: (code: string) => Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!codeSchema.safeParse(code).success) {
      setError(t('messages:invalidCode'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(code);
    } catch (err) {
      setError(errorText(err, t));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="md">
        <ScreenTitle title={title} subtitle={subtitle} />
        <CodeInput label={t('auth.fields.code')} value={code} onChange={setCode} error={error} />
        <Button type="submit" loading={busy} fullWidth data-testid="code-submit">
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
