import { Button, Group, Loader, Paper, Select, Text } from '@mantine/core';
import { IconArrowsExchange, IconListDetails, IconPolygon, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { formatInteger } from '../../../lib/format';

/**
 * The map page's tools: the type to select, the polygon tool, clear, and on touch layouts the
 * button that opens the legend sheet. The bar wraps, so no tool ever runs off a narrow screen.
 */
export function MapSelectionToolbar({
  types,
  selectionType,
  onTypeChange,
  isDrawing,
  isSearching,
  hasSelection,
  onDraw,
  onClear,
  onOpenLegend,
  isTouch,
  isPhone,
  children,
}: {
  types: ElementType[];
  selectionType: ElementType | undefined;
  onTypeChange: (code: string | null) => void;
  isDrawing: boolean;
  /** The elements inside the drawn polygon are being read. */
  isSearching: boolean;
  hasSelection: boolean;
  onDraw: () => void;
  onClear: () => void;
  /** Shown on touch layouts, where the legend is in a sheet instead of beside the map. */
  onOpenLegend?: () => void;
  isTouch: boolean;
  /** Short labels (the full text stays the button's name), so that the bar takes two lines. */
  isPhone: boolean;
  /** The selection's status and action, at the bar's end on wide layouts. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const drawLabel = isDrawing ? t('map.selection.cancelDrawing') : t('map.selection.draw');
  return (
    <Paper withBorder px="sm" py="xs">
      <Group
        justify="space-between"
        gap="sm"
        wrap="wrap"
        role="toolbar"
        aria-label={t('map.selection.tools')}
      >
        <Group gap="xs" wrap="wrap" style={{ flexGrow: isTouch ? 1 : 0 }}>
          <Select
            aria-label={t('map.selection.type')}
            size={isTouch ? 'md' : 'sm'}
            w={isTouch ? undefined : 170}
            miw={isTouch ? 150 : undefined}
            style={isTouch ? { flex: '1 1 150px' } : undefined}
            data={types.map((type) => ({ value: type.code, label: type.name }))}
            value={selectionType?.code ?? null}
            onChange={onTypeChange}
            allowDeselect={false}
            disabled={isDrawing || isSearching}
          />
          <Button
            leftSection={<IconPolygon size={18} aria-hidden />}
            variant={isDrawing ? 'filled' : 'light'}
            onClick={onDraw}
            disabled={!selectionType || isSearching}
            aria-pressed={isDrawing}
            aria-label={isPhone ? drawLabel : undefined}
          >
            {isPhone
              ? isDrawing
                ? t('map.selection.cancelDrawingShort')
                : t('map.selection.drawShort')
              : drawLabel}
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onClear}
            disabled={!hasSelection && !isDrawing}
          >
            {t('map.selection.clear')}
          </Button>
          {onOpenLegend && (
            <Button
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
              onClick={onOpenLegend}
              aria-haspopup="dialog"
            >
              {t('map.legend.open')}
            </Button>
          )}
        </Group>
        {children}
      </Group>
    </Paper>
  );
}

/**
 * What the polygon selected and the button that changes its state. On wide layouts it sits at the
 * end of the toolbar; on touch layouts in a bar under the map, where the thumb reaches it.
 */
export function MapSelectionStatus({
  selection,
  isDrawing,
  isSearching,
  onChangeState,
  isTouch,
}: {
  selection: { count: number; typeName: string } | null;
  isDrawing: boolean;
  isSearching: boolean;
  onChangeState: () => void;
  isTouch: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ minWidth: 0, flex: 1 }}>
      <Text
        size="sm"
        role="status"
        fw={selection ? 700 : 400}
        c={selection ? undefined : 'dimmed'}
        lineClamp={isTouch ? 2 : undefined}
        truncate={isTouch ? undefined : true}
        style={{ minWidth: 0, flex: isTouch ? 1 : undefined }}
      >
        {isSearching ? (
          <Group gap={6} component="span">
            <Loader size="xs" />
            {t('map.selection.loading')}
          </Group>
        ) : selection ? (
          t('map.selection.count', {
            count: selection.count,
            formatted: formatInteger(selection.count),
            type: selection.typeName,
          })
        ) : isDrawing ? (
          t('map.selection.drawing')
        ) : (
          t('map.selection.idle')
        )}
      </Text>
      <Button
        leftSection={<IconArrowsExchange size={18} aria-hidden />}
        style={{ flexShrink: 0 }}
        disabled={!selection || selection.count === 0}
        onClick={onChangeState}
      >
        {t('elements.changeState')}
      </Button>
    </Group>
  );
}
