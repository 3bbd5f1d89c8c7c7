import { Button, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import { EXPORT_FORMATS, type ExportFormat } from '@heliotrack/domain/reports';
import { notifyError } from '../../../components/notifications/notify';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { useExportElements } from '../../../api/export-elements';
import { EMPTY_FILTERS } from '../../../api/get-elements';

/** "Elements to download": the plant's elements of one type (under the filtered CTR) as xlsx or CSV. */
export function ElementsDownload({
  plant,
  types,
  ctr,
}: {
  plant: { id: number; code: string };
  types: ElementsOk;
  ctr: number | null;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const [typeCode, setTypeCode] = useState<string | null>(null);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const download = useExportElements();
  const chosen = typeCode ?? types[0]?.code ?? null;
  const title = t('dashboard.elementsToDownload');

  return (
    <Paper withBorder p="lg" h="100%" component="section" aria-label={title}>
      <Title order={4} mb="md">
        {title}
      </Title>
      <Stack gap="sm">
        <Select
          label={t('dashboard.elementType')}
          data={types.map((type) => ({ value: type.code, label: typeLabel(type) }))}
          value={chosen}
          onChange={setTypeCode}
          allowDeselect={false}
          searchable
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="download-format">
            {t('dashboard.downloadFormat')}
          </Text>
          <SegmentedControl
            aria-labelledby="download-format"
            value={format}
            onChange={(value) => setFormat(value as ExportFormat)}
            data={EXPORT_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
          />
        </Stack>
        <Button
          leftSection={<IconDownload size={16} />}
          disabled={chosen === null}
          loading={download.isPending}
          onClick={() =>
            chosen &&
            download.mutate(
              {
                plantId: plant.id,
                typeCode: chosen,
                filters: { ...EMPTY_FILTERS, ct: ctr },
                ordering: 'code',
                format,
              },
              { onError: () => notifyError(t('dashboard.downloadFailed')) },
            )
          }
        >
          {t('dashboard.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
