import { Box, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BUNDLE_TEMPLATES, bundleFigures } from '@shop/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BundleBlock } from '../../ui/bundle-block';
import { useBlockTexts } from './bundle-texts';
import { BUNDLE_STEP_ONE_PATH, TEMPLATE_COLOURS } from './bundle-values';

const SAMPLE_PERCENT = 15;
/** Qəpik: three everyday prices. */
const SAMPLE_PRICES = { one: 3900, two: 2400, three: 1500 } as const;
/** The sample ends in 2 days 5 hours 30 minutes; its countdown shows from 3 days before. */
const SAMPLE_LEFT_MS = ((2 * 24 + 5) * 60 + 30) * 60_000;
const SAMPLE_TIMER = { days: 3, hours: 0, minutes: 0, seconds: 0 };

/**
 * The three looks of a bundle (cp/select-bundle), each the real block on sample products, with
 * the way to step 1 in that look.
 */
export function BundleTemplateGallery() {
  const { t } = useTranslation();
  const { money, textsFor } = useBlockTexts();
  const [endsAt] = useState(() => new Date(Date.now() + SAMPLE_LEFT_MS).toISOString());
  const sample = bundleFigures(
    (['one', 'two', 'three'] as const).map((key) => ({
      id: `sample-${key}`,
      title: t(`bundles.sample.products.${key}`),
      imageUrl: null,
      price: SAMPLE_PRICES[key],
    })),
    SAMPLE_PERCENT,
  );
  const texts = textsFor(SAMPLE_PERCENT, sample.price, sample.bundlePrice);

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
      {BUNDLE_TEMPLATES.map((template) => {
        const name = t(`bundles.templates.${template}.name`);
        return (
          <Paper
            key={template}
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="article"
            aria-labelledby={`bundle-template-${template}`}
            data-testid="bundle-template-card"
            data-template={template}
          >
            <Stack gap="md" h="100%">
              <div>
                <Title order={2} size="h4" id={`bundle-template-${template}`}>
                  {name}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`bundles.templates.${template}.text`)}
                </Text>
              </div>
              {/* A picture of the block on sample products: nothing in it is to be used. */}
              <Box
                inert
                p="sm"
                style={{
                  flex: 1,
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: 12,
                  background: 'var(--mantine-color-gray-1)',
                }}
              >
                <BundleBlock
                  template={template}
                  colour={TEMPLATE_COLOURS[template]}
                  headerTitle={t('bundles.sample.headerTitle')}
                  title={t('bundles.sample.title', { percent: SAMPLE_PERCENT })}
                  footerText={t('bundles.sample.footerText')}
                  buttonText={t('bundles.sample.buttonText')}
                  products={sample.products}
                  price={sample.price}
                  bundlePrice={sample.bundlePrice}
                  highlight={false}
                  endsAt={endsAt}
                  timer={SAMPLE_TIMER}
                  texts={texts}
                  money={money}
                />
              </Box>
              <Button
                component={Link}
                to={`${BUNDLE_STEP_ONE_PATH}?template=${template}`}
                rightSection={<IconArrowRight size={16} aria-hidden />}
                data-testid={`choose-template-${template}`}
              >
                {t('bundles.templates.choose', { name })}
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
