import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PPI_LINKED_COLOR, PPI_UNLINKED_COLOR } from '@heliotrack/domain/tile-content';

/** Whether an element is linked to the plan, in the colours of the plan's map. */
export function LinkedBadge({ isLinked }: { isLinked: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={isLinked ? 'filled' : 'outline'} color={`#${isLinked ? PPI_LINKED_COLOR : PPI_UNLINKED_COLOR}`} c={isLinked ? 'white' : 'dark'} tt="none">
      {isLinked ? t('ppis.elements.linked') : t('ppis.elements.notLinked')}
    </Badge>
  );
}

/** The map's legend of linked and not linked elements. */
export function LinkedLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Badge variant="dot" color={`#${PPI_LINKED_COLOR}`} tt="none">
        {t('ppis.elements.linked')}
      </Badge>
      <Badge variant="dot" color={`#${PPI_UNLINKED_COLOR}`} tt="none">
        {t('ppis.elements.notLinked')}
      </Badge>
    </Group>
  );
}
