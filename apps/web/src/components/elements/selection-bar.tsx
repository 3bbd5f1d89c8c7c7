import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { IconListCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../lib/format';
import type { IdsProgress } from '../../api/get-matching-element-ids';

/**
 * What is selected and what can be done with it: select every element matching the filter (its ids
 * are read in one request, with a busy bar and a cancel button), clear, and the page's actions
 * on the selection (`children`: change the state, link to a PPI…).
 */
export function SelectionBar({
  selectedCount,
  matchingCount,
  loadingAll,
  onSelectAll,
  onCancelSelectAll,
  onClear,
  idleText,
  children,
}: {
  selectedCount: number;
  /** Elements matching the filter; undefined while unknown. */
  matchingCount: number | undefined;
  /** Progress of "select all matching"; null when not running. */
  loadingAll: IdsProgress | null;
  onSelectAll: () => void;
  onCancelSelectAll: () => void;
  onClear: () => void;
  /** What the bar says while nothing is selected; the element list's hint by default. */
  idleText?: string;
  /** Actions on the selection, at the bar's end. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const canSelectAll = matchingCount !== undefined && matchingCount > 0 && selectedCount < matchingCount;

  return (
    <Paper withBorder px="sm" py="xs" bg={selectedCount ? 'var(--mantine-primary-color-light)' : undefined}>
      <Group justify="space-between" gap="sm" mih={36}>
        <Group gap="sm">
          <Text
            size="sm"
            fw={selectedCount ? 700 : 400}
            c={selectedCount ? undefined : 'dimmed'}
            role="status"
          >
            {selectedCount
              ? t('elements.selection.count', {
                  count: selectedCount,
                  formatted: formatInteger(selectedCount),
                })
              : (idleText ?? t('elements.selection.none'))}
          </Text>
          {loadingAll ? (
            <Group gap="xs" wrap="nowrap">
              <Progress
                w={160}
                value={100}
                striped
                animated
                aria-label={t('elements.selection.loadingAll')}
              />
              <Text size="sm" c="dimmed">
                {t('elements.selection.loadingProgress', { total: formatInteger(loadingAll.total) })}
              </Text>
              <Button size="compact-sm" variant="subtle" color="gray" onClick={onCancelSelectAll}>
                {t('common.cancel')}
              </Button>
            </Group>
          ) : (
            canSelectAll && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconListCheck size={16} aria-hidden />}
                onClick={onSelectAll}
              >
                {t('elements.selection.selectAll', {
                  count: matchingCount,
                  formatted: formatInteger(matchingCount),
                })}
              </Button>
            )
          )}
          {selectedCount > 0 && !loadingAll && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={onClear}
            >
              {t('elements.selection.clear')}
            </Button>
          )}
        </Group>
        {children && (
          <Group gap="xs" wrap="wrap">
            {children}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
