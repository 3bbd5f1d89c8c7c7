import { Group, Paper, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsTouch } from '../../lib/field-layout';

/** A line of help at the top of a map (drawing a polygon, an empty selection); clicks go through it. */
export function MapHint({ children }: { children: ReactNode }) {
  const isTouch = useIsTouch();
  return (
    <Paper
      shadow="sm"
      px="sm"
      py={6}
      pos="absolute"
      top={10}
      left="50%"
      maw={isTouch ? '90%' : '70%'}
      style={{ transform: 'translateX(-50%)', zIndex: 2, pointerEvents: 'none' }}
    >
      <Group gap="xs" wrap="nowrap">
        <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">{children}</Text>
      </Group>
    </Paper>
  );
}

/** How to draw the selection polygon, with the mouse or by touch, while it is being drawn. */
export function DrawingHint() {
  const { t } = useTranslation();
  const isTouch = useIsTouch();
  return <MapHint>{t(isTouch ? 'map.selection.drawingHintTouch' : 'map.selection.drawingHint')}</MapHint>;
}
