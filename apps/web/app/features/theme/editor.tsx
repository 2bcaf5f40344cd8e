import { Badge, Box, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { FontTarget, SectionInput, StoreWithSections, Theme, ThemeTemplate } from '@shop/shared';
import { IconArrowBackUp, IconDeviceDesktop, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { errorText, fieldErrors } from '../../lib/form';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotice } from '../../ui/notice';
import { LoadError } from '../../ui/panel';
import css from './editor.module.css';
import { BrandingPanel, FontsPanel, PalettePanel, TemplatesPanel } from './look-panels';
import { type DraftChange, palettesQuery, storeWithSectionsQuery, useDraftChange } from './queries';
import { SectionsPanel } from './sections-panel';

/** How long the sections wait after the last keystroke before they go to the draft. */
const SAVE_DELAY_MS = 500;
const UNDO_DEPTH = 30;

/**
 * cp/customize-store (issue 16): the theme editor beside a live preview of the real storefront at
 * a desktop's or a phone's width. Every change goes to the draft on the server and the preview
 * shows the draft (the storefront at `?preview={token}`); shoppers see it once it is published.
 * Undo steps back through this visit's changes; discard drops the whole draft.
 */
export function ThemeEditor({ marketId, marketName }: { marketId: string; marketName: string }) {
  const { t } = useTranslation();
  const view = useQuery(storeWithSectionsQuery(marketId));
  const palettes = useQuery(palettesQuery(marketId));
  if (view.isPending || palettes.isPending) {
    return <Skeleton h={480} radius="lg" aria-busy="true" aria-label={t('common.loading')} />;
  }
  if (view.isError || palettes.isError) {
    return (
      <LoadError
        error={view.error ?? palettes.error}
        message={t('messages:ERROR_LOADING_SECTIONS')}
        onRetry={() => Promise.all([view.refetch(), palettes.refetch()])}
      />
    );
  }
  return <Editor marketId={marketId} marketName={marketName} view={view.data} palettes={palettes.data} />;
}

function Editor({
  marketId,
  marketName,
  view,
  palettes,
}: {
  marketId: string;
  marketName: string;
  view: StoreWithSections;
  palettes: Parameters<typeof PalettePanel>[0]['palettes'];
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const change = useDraftChange(marketId);
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [tab, setTab] = useState<string | null>('sections');
  const [previewVersion, setPreviewVersion] = useState(0);
  const [confirm, setConfirm] = useState<'discard' | { template: ThemeTemplate } | null>(null);
  const [sectionErrors, setSectionErrors] = useState<Record<string, string>>({});
  const history = useRef<Theme[]>([]);
  const [canUndo, setCanUndo] = useState(false);

  // The sections as being edited: sent to the draft a moment after the last change.
  const [sections, setSections] = useState<SectionInput[]>(view.draft.sections);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const draftSections = JSON.stringify(view.draft.sections);
  // A change made elsewhere (a template, undo, discard) brings the draft's sections in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the draft's sections only.
  useEffect(() => {
    if (!pending.current) setSections(view.draft.sections);
  }, [draftSections]);

  const apply = useCallback(
    async (next: DraftChange, { record = true }: { record?: boolean } = {}) => {
      const before = view.draft;
      try {
        await change.mutateAsync(next);
        if (record && next.kind !== 'publish' && next.kind !== 'discard') {
          history.current = [...history.current.slice(-(UNDO_DEPTH - 1)), before];
          setCanUndo(true);
        }
        if (next.kind === 'discard' || next.kind === 'publish') {
          history.current = [];
          setCanUndo(false);
        }
        if (next.kind === 'sections') setSectionErrors({});
        setPreviewVersion((v) => v + 1);
        return true;
      } catch (error) {
        if (next.kind === 'sections' && error instanceof ApiError) {
          setSectionErrors(
            Object.fromEntries(
              Object.entries(fieldErrors(error, t))
                .filter(([path]) => path.startsWith('sections.'))
                .map(([path, message]) => [path.slice('sections.'.length), message]),
            ),
          );
        }
        notice(errorText(error, t), 'error');
        return false;
      }
    },
    [change, view.draft, notice, t],
  );

  const editSections = (next: SectionInput[]) => {
    setSections(next);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      void apply({ kind: 'sections', sections: next });
    }, SAVE_DELAY_MS);
  };
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  /** Steps back to the draft before the last change: only what differs is sent. */
  const undo = async () => {
    const previous = history.current.at(-1);
    if (!previous) return;
    history.current = history.current.slice(0, -1);
    setCanUndo(history.current.length > 0);
    const now = view.draft;
    if (previous.paletteId !== now.paletteId)
      await apply({ kind: 'palette', paletteId: previous.paletteId }, { record: false });
    if (previous.headingFont !== now.headingFont)
      await apply({ kind: 'font', fontName: previous.headingFont, target: 'heading' }, { record: false });
    if (previous.bodyFont !== now.bodyFont)
      await apply({ kind: 'font', fontName: previous.bodyFont, target: 'body' }, { record: false });
    if (JSON.stringify(previous.sections) !== JSON.stringify(now.sections)) {
      setSections(previous.sections);
      await apply({ kind: 'sections', sections: previous.sections }, { record: false });
    }
  };

  const flush = async () => {
    if (!pending.current) return true;
    clearTimeout(pending.current);
    pending.current = null;
    return apply({ kind: 'sections', sections });
  };

  const publish = async () => {
    if (!(await flush())) return;
    if (await apply({ kind: 'publish' })) notice(t('theme.published'));
  };

  const previewUrl = `/${marketName}?preview=${encodeURIComponent(view.previewToken)}&v=${previewVersion}`;
  const font = (name: string, target: FontTarget) => apply({ kind: 'font', fontName: name, target });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2" data-testid="cp-customize-title">
            {t('theme.title')}
          </Title>
          <Text c="dimmed" maw={640}>
            {t('theme.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          {view.unpublished ? (
            <Badge color="yellow" variant="light" data-testid="theme-unpublished">
              {t('theme.unpublished')}
            </Badge>
          ) : (
            <Badge color="green" variant="light" data-testid="theme-up-to-date">
              {t('theme.upToDate')}
            </Badge>
          )}
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={undo}
            disabled={!canUndo || change.isPending}
            data-testid="theme-undo"
          >
            {t('theme.undo')}
          </Button>
          <Button
            variant="default"
            onClick={() => setConfirm('discard')}
            disabled={!view.unpublished}
            data-testid="theme-discard"
          >
            {t('theme.discard')}
          </Button>
          <Button
            onClick={publish}
            loading={change.isPending && change.variables?.kind === 'publish'}
            data-testid="theme-publish"
          >
            {t('theme.publish')}
          </Button>
        </Group>
      </Group>

      <Box className={css.layout}>
        <Paper withBorder radius="lg" p="sm" className={css.controls}>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow mb="sm">
              <Tabs.Tab value="sections" data-testid="theme-tab-sections">
                {t('theme.tabs.sections')}
              </Tabs.Tab>
              <Tabs.Tab value="colours" data-testid="theme-tab-colours">
                {t('theme.tabs.colours')}
              </Tabs.Tab>
              <Tabs.Tab value="fonts" data-testid="theme-tab-fonts">
                {t('theme.tabs.fonts')}
              </Tabs.Tab>
              <Tabs.Tab value="templates" data-testid="theme-tab-templates">
                {t('theme.tabs.templates')}
              </Tabs.Tab>
              <Tabs.Tab value="branding" data-testid="theme-tab-branding">
                {t('theme.tabs.branding')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="sections">
              <SectionsPanel marketId={marketId} sections={sections} onChange={editSections} errors={sectionErrors} />
            </Tabs.Panel>
            <Tabs.Panel value="colours">
              <PalettePanel
                marketId={marketId}
                palettes={palettes}
                selected={view.draft.paletteId}
                onSelect={(paletteId) => apply({ kind: 'palette', paletteId })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="fonts">
              <FontsPanel theme={view.draft} onChange={font} />
            </Tabs.Panel>
            <Tabs.Panel value="templates">
              <TemplatesPanel busy={change.isPending} onApply={(template) => setConfirm({ template })} />
            </Tabs.Panel>
            <Tabs.Panel value="branding">
              <BrandingPanel marketId={marketId} branding={view.branding} />
            </Tabs.Panel>
          </Tabs>
        </Paper>

        <Stack gap="xs">
          <Group justify="space-between">
            <SegmentedControl
              value={device}
              onChange={(value) => setDevice(value as 'desktop' | 'phone')}
              data={[
                {
                  value: 'desktop',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconDeviceDesktop size={16} aria-hidden />
                      {t('theme.preview.desktop')}
                    </Group>
                  ),
                },
                {
                  value: 'phone',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconDeviceMobile size={16} aria-hidden />
                      {t('theme.preview.phone')}
                    </Group>
                  ),
                },
              ]}
              aria-label={t('theme.preview.width')}
              data-testid="theme-device"
            />
            <Button
              component="a"
              href={previewUrl}
              target="_blank"
              rel="noopener"
              variant="subtle"
              rightSection={<IconExternalLink size={14} aria-hidden />}
            >
              {t('theme.preview.open')}
            </Button>
          </Group>
          <Paper
            withBorder
            radius="lg"
            style={{ overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}
            p={device === 'phone' ? 'md' : 0}
          >
            <iframe
              key={device}
              src={previewUrl}
              title={t('theme.preview.title')}
              data-testid="theme-preview"
              style={{
                display: 'block',
                border: 0,
                margin: '0 auto',
                width: device === 'phone' ? 375 : '100%',
                height: 'calc(100vh - 240px)',
                minHeight: 560,
                background: '#fff',
                borderRadius: device === 'phone' ? 24 : 0,
              }}
            />
          </Paper>
        </Stack>
      </Box>

      <ConfirmDialog
        opened={confirm === 'discard'}
        title={t('theme.discardTitle')}
        error={null}
        pending={change.isPending}
        confirmLabel={t('theme.discard')}
        color="red"
        onConfirm={async () => {
          if (pending.current) clearTimeout(pending.current);
          pending.current = null;
          if (await apply({ kind: 'discard' })) setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
        testId="theme-discard-confirm"
      >
        {t('theme.discardText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={typeof confirm === 'object' && confirm !== null}
        title={t('theme.templates.confirmTitle')}
        error={null}
        pending={change.isPending}
        confirmLabel={t('theme.templates.use')}
        color="blue"
        onConfirm={async () => {
          if (typeof confirm !== 'object' || !confirm) return;
          if (pending.current) clearTimeout(pending.current);
          pending.current = null;
          if (await apply({ kind: 'template', template: confirm.template })) setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
        testId="theme-template-confirm"
      >
        {t('theme.templates.confirmText')}
      </ConfirmDialog>
    </Stack>
  );
}
