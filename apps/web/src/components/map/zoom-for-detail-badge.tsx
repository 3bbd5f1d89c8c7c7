import { Badge } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Zoom in to see the elements", in the map's corner, below the zoom where tiles carry details. */
export function ZoomForDetailBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      pos="absolute"
      bottom={10}
      right={10}
      variant="white"
      color="dark"
      tt="none"
      fw={500}
      leftSection={<IconZoomIn size={14} aria-hidden />}
      style={{ boxShadow: 'var(--mantine-shadow-xs)', zIndex: 2, pointerEvents: 'none' }}
    >
      {t('map.zoomForDetail')}
    </Badge>
  );
}
