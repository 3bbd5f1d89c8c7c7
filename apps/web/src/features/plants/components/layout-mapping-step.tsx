import { Alert, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { LayerChoice, LayoutFileInspection } from '@heliotrack/domain/layout-import';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { formatInteger } from '../../../lib/format';
import { TOUCH_TARGET } from '../../../lib/field-layout';

const SKIP = '';
const WGS84 = 4326;

export type LayerMapping = Record<string, Required<LayerChoice>>;
type InspectedLayer = LayoutFileInspection['layers'][number];

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

  /** The layer's code choices: its attributes, then the file's text layers. */
  function codeOptionsOf(layer: InspectedLayer, choice: Required<LayerChoice>) {
    const options = [
      ...layer.attributes.map((name) => ({
        value: `attribute:${name}`,
        label: t('plantAdmin.layout.attribute', { name }),
      })),
      ...textOptions,
    ];
    // A remembered source this file does not have is still shown, so the choice is visible.
    if (choice.code_source && !options.some((option) => option.value === choice.code_source))
      options.unshift({ value: choice.code_source, label: choice.code_source });
    return options;
  }

  // The selects are built by cell functions (DataTable calls them, it does not mount them), so a
  // choice re-renders the same select elements and the keyboard focus stays where it was.
  const columns: ColumnDef<InspectedLayer>[] = [
    {
      id: 'layer',
      header: t(isDxf ? 'plantAdmin.layout.layer' : 'plantAdmin.layout.folder'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text fw={600} ff="monospace" size="sm">
          {row.original.name}
        </Text>
      ),
    },
    {
      id: 'count',
      header: t('plantAdmin.layout.count'),
      meta: { width: 100, align: 'right' },
      cell: ({ row }) => formatInteger(row.original.count),
    },
    {
      id: 'geometryTypes',
      header: t('plantAdmin.layout.geometryTypes'),
      meta: { width: 150, wrap: true },
      cell: ({ row }) => <Text size="sm">{row.original.geometry_types.join(', ')}</Text>,
    },
    {
      id: 'elementType',
      header: t('plantAdmin.layout.elementType'),
      // Not clipped: the select's focus ring shows whole.
      meta: { width: 230, wrap: true },
      cell: ({ row: { original: layer } }) => (
        <NativeSelect
          aria-label={t('plantAdmin.layout.elementTypeFor', { layer: layer.name })}
          data={typeOptions}
          value={mapping[layer.name].element_type ?? SKIP}
          onChange={(event) => choose(layer.name, { element_type: event.currentTarget.value || null })}
          size={size}
          styles={selectStyles}
        />
      ),
    },
    {
      id: 'codeSource',
      header: t('plantAdmin.layout.codeSource'),
      meta: { width: 230, wrap: true },
      cell: ({ row: { original: layer } }) => {
        const choice = mapping[layer.name];
        return (
          <NativeSelect
            aria-label={t('plantAdmin.layout.codeSourceFor', { layer: layer.name })}
            data={codeOptionsOf(layer, choice)}
            value={choice.code_source}
            onChange={(event) => choose(layer.name, { code_source: event.currentTarget.value })}
            disabled={!choice.element_type}
            size={size}
            styles={selectStyles}
          />
        );
      },
    },
  ];
  const table = useDataTable({ data: inspection.layers, columns, getRowId: (layer) => layer.name });

  return (
    <Stack gap="md">
      <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
        <DataTable
          table={table}
          empty={t('plantAdmin.layout.noLayers')}
          aria-label={t('plantAdmin.layout.stepMapping')}
          minWidth={760}
        />
      </Paper>
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
