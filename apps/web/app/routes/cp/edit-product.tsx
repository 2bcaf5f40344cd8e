import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconPackageOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductForm } from '../../features/products/product-form';
import { isNotFound, productQuery } from '../../features/products/queries';
import { errorText } from '../../lib/form';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/edit-product';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.editProduct');

/** One product of a store, by the address's store and id (SPEC §2 cp/edit-product/{marketId}/{id}). */
export default function EditProduct({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { marketId, id } = params;
  const product = useQuery(productQuery(marketId, id));

  if (product.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (product.isError) {
    if (isNotFound(product.error)) return <ProductNotFound />;
    return (
      <Alert color="red" title={errorText(product.error, t)} maw={640}>
        <Button size="xs" variant="light" color="red" onClick={() => product.refetch()}>
          {t('products.list.retry')}
        </Button>
      </Alert>
    );
  }
  // The form starts from the product once; a save updates it in place.
  return <ProductForm key={`${marketId}/${id}`} marketId={marketId} product={product.data} />;
}

function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} data-testid="product-not-found">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon variant="light" color="gray" size={64} radius="xl">
          <IconPackageOff size={32} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('products.notFound.title')}
        </Title>
        <Text c="dimmed">{t('products.notFound.text')}</Text>
        <Anchor component={Link} to="/cp/products" fw={600}>
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('products.notFound.back')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
