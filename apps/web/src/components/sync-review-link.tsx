import { Badge, Button } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { syncReviewPath } from '../lib/paths';

/**
 * "Revisión de sincronización (N)": the link to a plant's sync review, on the plant card and the
 * dashboard, shown only while the plant has unresolved reviews (N > 0; nothing when 0 or unknown).
 */
export function SyncReviewLink({
  plant,
  count,
  variant = 'button',
  size = 'xs',
}: {
  plant: { id: number; name: string };
  count: number | undefined;
  variant?: 'button' | 'badge';
  /** Of the button: 'xs' among a card's links, 'sm' in a page header. */
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  if (!count) return null;
  const label = t('syncReviews.link', { count });
  // The visible words first, then whose (as the plant card's other links).
  const ariaLabel = `${label}: ${plant.name}`;
  if (variant === 'badge') {
    return (
      <Badge
        component={Link}
        to={syncReviewPath(plant.id)}
        variant="light"
        color="orange"
        radius="sm"
        tt="none"
        style={{ cursor: 'pointer' }}
        aria-label={ariaLabel}
      >
        {label}
      </Badge>
    );
  }
  return (
    <Button
      component={Link}
      to={syncReviewPath(plant.id)}
      variant="light"
      color="orange"
      size={size}
      leftSection={<IconGitCompare size={size === 'xs' ? 16 : 18} aria-hidden />}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
