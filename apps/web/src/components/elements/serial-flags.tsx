import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Element } from '@heliotrack/domain/elements';
import { SERIAL_FLAGS, type SerialFlag } from '../../api/get-elements';

/** The serial flags an element carries (invalid length, duplicated, unregistered), as small badges. */
export function SerialFlags({
  element,
  size = 'xs',
  wrap = false,
}: {
  element: Pick<Element, SerialFlag>;
  size?: 'xs' | 'sm';
  /** Badges on several lines where the column is narrow (a phone's table). */
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const flags = SERIAL_FLAGS.filter((flag) => element[flag]);
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
      {flags.map((flag) => (
        <Badge key={flag} size={size} color="red" variant="light" radius="sm" tt="none">
          {t(`elements.serialFlags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
}
