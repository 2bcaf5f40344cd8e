import { Button, Menu } from '@mantine/core';
import { EXPORT_FORMATS, type ExportFormat } from '@shop/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form';
import { useNotice } from '../../ui/notice';

/** A button that downloads a file in the format chosen from its menu (CSV or XLSX); a refusal is a notice. */
export function ExportMenu({
  label,
  download,
  testId,
}: {
  label: string;
  download: (format: ExportFormat) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [exporting, setExporting] = useState(false);
  const exportAs = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await download(format);
    } catch (error) {
      notice(errorText(error, t), 'error');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          data-testid={testId}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void exportAs(format)} data-testid={`${testId}-${format}`}>
            {t(`payouts.list.exportAs.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
