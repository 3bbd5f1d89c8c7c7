import { Alert, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { LayerChoice, LayoutFileInspection } from '@heliotrack/domain/layout-import';
import { formatInteger } from '../../../lib/format';
import { TOUCH_TARGET } from '../../../lib/field-layout';

const SKIP = '';
const WGS84 = 4326;

export type LayerMapping = Record<string, Required<LayerChoice>>;

/** The choices the server remembered for each layer (or its default code source), as the step starts. */
export function initialMapping(inspection: LayoutFileInspection): LayerMapping {
  return Object.fromEntries(
    inspection.layers.map((layer) => [
      layer.name,
      { element_type: layer.element_type, code_source: layer.code_source },
    ]),
  );
}

export function hasMappedLayer(mapping: LayerMapping): boolean {
  return Object.values(mapping).some((choice) => !!choice.element_type);
}

/** "ETRS89 / UTM huso 30N (EPSG:25830)", in the user's language. */
export function useEpsgLabel() {
  const { t } = useTranslation();
  return (epsg: number) => {
    if (epsg === WGS84) return t('plantAdmin.layout.wgs84');
    const zone = epsg % 100;
    return epsg < 32600
      ? t('plantAdmin.layout.etrs89Utm', { zone, epsg })
      : t('plantAdmin.layout.wgs84Utm', { zone, epsg });
  };
}

/**
 * The wizard's mapping step (issue 37): each layer (DXF) or folder (KML) of the file with its count
 * and geometry types, the element type it becomes (or not imported) and where its codes come from,
 * prefilled with the organisation's last choices; then the file's coordinate system.
 */
export function LayoutMappingStep({
  inspection,
  elementTypes,
  mapping,
  onMappingChange,
  epsg,
  onEpsgChange,
  isTouch = false,
}: {
  inspection: LayoutFileInspection;
  elementTypes: readonly ElementType[];
  mapping: LayerMapping;
  onMappingChange: (mapping: LayerMapping) => void;
  /** The chosen system; null while none is chosen or detected. */
  epsg: number | null;
  onEpsgChange: (epsg: number | null) => void;
  isTouch?: boolean;
}) {
  const { t } = useTranslation();
  const epsgLabel = useEpsgLabel();
  const isDxf = inspection.format === 'dxf';
  const size = isTouch ? 'md' : 'sm';
  const selectStyles = isTouch ? { input: { minHeight: TOUCH_TARGET } } : undefined;
  const typeOptions = [
    { value: SKIP, label: t('plantAdmin.layout.skip') },
    ...elementTypes.map((type) => ({ value: type.code, label: `${type.name} (${type.code})` })),
  ];
  const textOptions = inspection.text_layers.map((layer) => ({
    value: `text:${layer.name}`,
    label: t('plantAdmin.layout.text', { layer: layer.name, count: layer.count }),
  }));

  function choose(layer: string, change: Partial<LayerChoice>) {
    onMappingChange({ ...mapping, [layer]: { ...mapping[layer], ...change } });
  }

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(isDxf ? 'plantAdmin.layout.layer' : 'plantAdmin.layout.folder')}</Table.Th>
              <Table.Th ta="right">{t('plantAdmin.layout.count')}</Table.Th>
              <Table.Th>{t('plantAdmin.layout.geometryTypes')}</Table.Th>
              <Table.Th>{t('plantAdmin.layout.elementType')}</Table.Th>
              <Table.Th>{t('plantAdmin.layout.codeSource')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inspection.layers.map((layer) => {
              const choice = mapping[layer.name];
              const codeOptions = [
                ...layer.attributes.map((name) => ({
                  value: `attribute:${name}`,
                  label: t('plantAdmin.layout.attribute', { name }),
                })),
                ...textOptions,
              ];
              // A remembered source this file does not have is still shown, so the choice is visible.
              if (choice.code_source && !codeOptions.some((option) => option.value === choice.code_source))
                codeOptions.unshift({ value: choice.code_source, label: choice.code_source });
              return (
                <Table.Tr key={layer.name}>
                  <Table.Td>
                    <Text fw={600} ff="monospace" size="sm">
                      {layer.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(layer.count)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{layer.geometry_types.join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={t('plantAdmin.layout.elementTypeFor', { layer: layer.name })}
                      data={typeOptions}
                      value={choice.element_type ?? SKIP}
                      onChange={(event) =>
                        choose(layer.name, { element_type: event.currentTarget.value || null })
                      }
                      size={size}
                      styles={selectStyles}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={t('plantAdmin.layout.codeSourceFor', { layer: layer.name })}
                      data={codeOptions}
                      value={choice.code_source}
                      onChange={(event) => choose(layer.name, { code_source: event.currentTarget.value })}
                      disabled={!choice.element_type}
                      size={size}
                      styles={selectStyles}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <NativeSelect
        label={t('plantAdmin.layout.epsg')}
        description={
          inspection.detected_epsg === null
            ? t('plantAdmin.layout.epsgNotDetected')
            : t('plantAdmin.layout.epsgDetected', { name: epsgLabel(inspection.detected_epsg) })
        }
        data={[
          ...(epsg === null ? [{ value: '', label: '—' }] : []),
          ...inspection.epsg_choices.map((code) => ({ value: String(code), label: epsgLabel(code) })),
        ]}
        value={epsg === null ? '' : String(epsg)}
        onChange={(event) =>
          onEpsgChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)
        }
        maw={420}
        size={size}
        styles={selectStyles}
      />
      {!hasMappedLayer(mapping) && (
        <Alert color="yellow" role="status">
          {t('plantAdmin.layout.noneMapped')}
        </Alert>
      )}
    </Stack>
  );
}
