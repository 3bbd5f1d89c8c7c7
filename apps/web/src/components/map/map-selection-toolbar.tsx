import { ActionIcon, Button, Group, Loader, Paper, Select, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconListDetails, IconListSearch, IconPolygon, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { formatInteger } from '../../lib/format';

/**
 * A map page's selection tools (the element map, the PPI register map, the PPI link map): what to
 * select (the element type, or a page's own chooser such as the PPI's activity), the polygon tool,
 * clear, and on touch layouts the button that opens the legend sheet. The bar wraps, so no tool
 * ever runs off a narrow screen (issue 22).
 */
export function MapSelectionToolbar({
  types,
  selectionType,
  onTypeChange,
  chooser,
  isDrawing,
  isSearching,
  canDraw,
  hasSelection,
  onDraw,
  onSelectByCode,
  onClear,
  onOpenLegend,
  isTouch,
  children,
}: {
  /** The types to choose from; without them the type choice is left out (a PPI has one type). */
  types?: ElementType[];
  selectionType?: ElementType | undefined;
  onTypeChange?: (code: string | null) => void;
  /** A page's own control at the bar's start (the PPI register's activity). */
  chooser?: ReactNode;
  isDrawing: boolean;
  /** The elements inside the drawn polygon are being read. */
  isSearching: boolean;
  /** Whether the polygon tool can start; by default when a type is chosen. */
  canDraw?: boolean;
  hasSelection: boolean;
  onDraw: () => void;
  /** Opens the selection by code (issue 34: selecting without drawing); left out when absent. */
  onSelectByCode?: () => void;
  onClear: () => void;
  /** Shown on touch layouts, where the legend is in a sheet instead of beside the map. */
  onOpenLegend?: () => void;
  /**
   * Touch layouts take short labels (the full text stays the button's name) and an icon for the
   * selection by code, so the bar keeps to two lines on a phone and one on a tablet held sideways.
   */
  isTouch: boolean;
  /** The selection's status and action, at the bar's end on wide layouts. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const drawLabel = isDrawing ? t('map.selection.cancelDrawing') : t('map.selection.draw');
  const mayDraw = canDraw ?? !!selectionType;
  return (
    <Paper withBorder px="sm" py="xs">
      <Group
        justify="space-between"
        gap="sm"
        wrap="wrap"
        role="toolbar"
        aria-label={t('map.selection.tools')}
      >
        <Group gap="xs" wrap="wrap" style={{ flexGrow: isTouch ? 1 : 0, minWidth: 0, maxWidth: '100%' }}>
          {chooser}
          {types && (
            <Select
              aria-label={t('map.selection.type')}
              size={isTouch ? 'md' : 'sm'}
              w={isTouch ? undefined : 170}
              miw={isTouch ? 150 : undefined}
              style={isTouch ? { flex: '1 1 150px' } : undefined}
              data={types.map((type) => ({ value: type.code, label: type.name }))}
              value={selectionType?.code ?? null}
              onChange={(code) => onTypeChange?.(code)}
              allowDeselect={false}
              disabled={isDrawing || isSearching}
            />
          )}
          <Button
            leftSection={<IconPolygon size={18} aria-hidden />}
            variant={isDrawing ? 'filled' : 'light'}
            onClick={onDraw}
            disabled={!mayDraw || isSearching}
            aria-pressed={isDrawing}
            aria-label={isTouch ? drawLabel : undefined}
          >
            {isTouch
              ? isDrawing
                ? t('map.selection.cancelDrawingShort')
                : t('map.selection.drawShort')
              : drawLabel}
          </Button>
          {onSelectByCode &&
            // On touch layouts an icon with its name: a third line of tools took the map's room.
            (isTouch ? (
              <Tooltip label={t('map.selection.byCode')}>
                <ActionIcon
                  variant="light"
                  size={44}
                  onClick={onSelectByCode}
                  disabled={!mayDraw || isDrawing || isSearching}
                  aria-haspopup="dialog"
                  aria-label={t('map.selection.byCode')}
                >
                  <IconListSearch size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button
                variant="light"
                leftSection={<IconListSearch size={18} aria-hidden />}
                onClick={onSelectByCode}
                disabled={!mayDraw || isDrawing || isSearching}
                aria-haspopup="dialog"
              >
                {t('map.selection.byCode')}
              </Button>
            ))}
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
 * What the polygon selected and the action on it (the element map's state change by default, or a
 * page's own `actions`). On wide layouts it sits at the end of the toolbar; on touch layouts in a
 * bar under the map, where the thumb reaches it.
 */
export function MapSelectionStatus({
  selection,
  isDrawing,
  isSearching,
  onChangeState,
  isTouch,
  selectedText,
  idleText,
  actions,
}: {
  selection: { count: number; typeName: string } | null;
  isDrawing: boolean;
  isSearching: boolean;
  onChangeState?: () => void;
  isTouch: boolean;
  /** What a selection reads; the element map's count by default. */
  selectedText?: string;
  /** What the bar reads with nothing selected; the element map's hint by default. */
  idleText?: string;
  /** The page's actions on the selection, instead of "change state". */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group
      gap="sm"
      wrap={actions && isTouch ? 'wrap' : 'nowrap'}
      justify="flex-end"
      // A page's own actions (two buttons and more text) take a line of their own when the tools
      // leave them too little room, instead of squeezing the status into an ellipsis.
      // The status too keeps room to be read (320 px): with the selection by code beside the polygon
      // tool, a 1280 px page squeezed it to no width at all; now it takes the next line instead.
      style={{ minWidth: 0, flex: actions ? '1 1 480px' : '1 1 320px' }}
    >
      <Text
        size="sm"
        role="status"
        fw={selection ? 700 : 400}
        c={selection ? undefined : 'dimmed'}
        lineClamp={isTouch ? 2 : undefined}
        truncate={isTouch ? undefined : true}
        style={{ minWidth: 0, flex: isTouch ? '1 1 160px' : undefined }}
      >
        {isSearching ? (
          <Group gap={6} component="span">
            <Loader size="xs" />
            {t('map.selection.loading')}
          </Group>
        ) : selection ? (
          (selectedText ??
          t('map.selection.count', {
            count: selection.count,
            formatted: formatInteger(selection.count),
            type: selection.typeName,
          }))
        ) : isDrawing ? (
          t('map.selection.drawing')
        ) : (
          (idleText ?? t('map.selection.idle'))
        )}
      </Text>
      {actions ?? (
        <Button
          leftSection={<IconArrowsExchange size={18} aria-hidden />}
          style={{ flexShrink: 0 }}
          disabled={!selection || selection.count === 0}
          onClick={onChangeState}
        >
          {t('elements.changeState')}
        </Button>
      )}
    </Group>
  );
}
