import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportPreview } from '@shop/shared';
import { isMessageKey } from '@shop/shared';
import { IconAlertTriangle, IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { useImportProducts } from './queries';

interface ImportDialogProps {
  marketId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * CSV import in two steps: the chosen file is checked first (a dry run that changes nothing),
 * its plan and row errors are shown, and only a file without errors can then be imported.
 */
export function ImportDialog({ marketId, opened, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const importer = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    importer.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const check = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    importer.mutate(
      { marketId, file: next, dryRun: true },
      { onSuccess: setPreview, onError: (e) => setError(errorText(e, t)) },
    );
  };

  const apply = () => {
    if (!file) return;
    importer.mutate(
      { marketId, file, dryRun: false },
      {
        onSuccess: (result) => {
          if (!result.applied) return setPreview(result);
          notice(t('products.import.done', { count: result.products.length }));
          close();
        },
        onError: (e) => setError(errorText(e, t)),
      },
    );
  };

  const creates = preview?.products.filter((p) => p.action === 'create').length ?? 0;
  const updates = preview?.products.filter((p) => p.action === 'update').length ?? 0;
  const errors = preview?.errors ?? [];
  const canImport = Boolean(file && preview && errors.length === 0 && preview.products.length > 0);

  return (
    <Modal opened={opened} onClose={close} title={t('products.import.title')} size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('products.import.text')}
        </Text>
        <FileInput
          label={t('products.import.file')}
          placeholder={t('products.import.choose')}
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': t('products.import.clearFile') }}
          value={file}
          onChange={check}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          fileInputProps={{ 'data-testid': 'import-file' } as React.ComponentPropsWithoutRef<'input'>}
          error={error}
        />
        {importer.isPending && !preview && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('products.import.checking')}
          </Text>
        )}
        {preview && (
          <Stack gap="sm" data-testid="import-preview">
            {errors.length === 0 ? (
              <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} title={t('products.import.ready')}>
                {t('products.import.summary', { create: creates, update: updates })}
              </Alert>
            ) : (
              <Alert
                color="red"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={t('products.import.hasErrors', { count: errors.length })}
              >
                {t('products.import.fixAndRetry')}
              </Alert>
            )}
            {preview.products.length > 0 && (
              <ScrollArea.Autosize mah={220} type="auto">
                <Table striped fz="sm" data-testid="import-products">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('products.import.line')}</Table.Th>
                      <Table.Th>{t('products.import.product')}</Table.Th>
                      <Table.Th w={120}>{t('products.import.action')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.products.map((p) => (
                      <Table.Tr key={`${p.line}-${p.title}`}>
                        <Table.Td>{p.line}</Table.Td>
                        <Table.Td>{p.title}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={p.action === 'create' ? 'cyan' : 'grape'}>
                            {t(`products.import.actions.${p.action}`)}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {errors.length > 0 && (
              <ScrollArea.Autosize mah={260} type="auto">
                <Table striped fz="sm" data-testid="import-errors">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('products.import.line')}</Table.Th>
                      <Table.Th w={160}>{t('products.import.field')}</Table.Th>
                      <Table.Th>{t('products.import.message')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {errors.map((e) => (
                      <Table.Tr key={`${e.line}-${e.field}-${e.code}`} data-testid="import-error">
                        <Table.Td>{e.line}</Table.Td>
                        <Table.Td>
                          <Text span size="sm" ff="monospace">
                            {e.field}
                          </Text>
                        </Table.Td>
                        <Table.Td c="red.8">{isMessageKey(e.code) ? t(`messages:${e.code}`) : e.code}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={apply}
            disabled={!canImport}
            loading={importer.isPending && Boolean(preview)}
            data-testid="import-confirm"
          >
            {t('products.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
