import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MantineRoot } from './mantine';

/**
 * What a signed-in page shows while its browser-side loader runs (HydrateFallback): a spinner,
 * inside the auth card (`inline`) or on the whole screen.
 */
export function PageLoader({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const spinner = <Loader aria-label={t('common.loading')} />;
  if (inline) return <Center py="xl">{spinner}</Center>;
  return (
    <MantineRoot>
      <Center mih="100vh">{spinner}</Center>
    </MantineRoot>
  );
}
