import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SyncReview, SyncReviewChange, SyncReviewKind } from '@heliotrack/domain/sync-reviews';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatDateTime, formatInteger } from '../../../lib/format';

/**
 * With autoContrast, dark shades take white text and light ones black, both within WCAG AA (the
 * theme's shade 7 of red or orange with white text would not be).
 */
export const KIND_COLORS: Record<SyncReviewKind, string> = {
  conflict: 'red.9',
  late: 'orange.5',
  refused: 'gray.7',
};

/** How many element codes a review names before "and N more". */
const SHOWN_ELEMENTS = 8;

/** A label and its value, as one row of the side's two-column grid (labels aligned, values aligned). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ alignSelf: 'center' }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

const FIELDS_GRID = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: 'var(--mantine-spacing-sm)',
  rowGap: 6,
} as const;

/** One side of a review: who, which state, when it was observed and when it reached the server. */
function ChangeSide({ title, change, id }: { title: string; change: SyncReviewChange; id: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby={id}>
      <Stack gap={6}>
        <Title order={4} size="h6" id={id}>
          {title}
        </Title>
        <div style={FIELDS_GRID}>
          <Field label={t('syncReviews.user')}>{change.user?.name ?? t('syncReviews.unknownUser')}</Field>
          <Field label={t('syncReviews.state')}>
            {change.state ? <StateBadge state={change.state} size="sm" /> : t('syncReviews.unknownState')}
          </Field>
          <Field label={t('syncReviews.observedAt')}>{formatDateTime(change.observed_at)}</Field>
          <Field label={t('syncReviews.receivedAt')}>{formatDateTime(change.received_at)}</Field>
        </div>
      </Stack>
    </Paper>
  );
}

function ElementList({ review, plantId }: { review: SyncReview; plantId: number }) {
  const { t } = useTranslation();
  const shown = review.elements.slice(0, SHOWN_ELEMENTS);
  const more = review.element_count - shown.length;
  return (
    <Group gap={6} wrap="wrap">
      {shown.map((element) =>
        element.code === null ? (
          <Text key={element.id} size="sm" c="dimmed">
            {t('syncReviews.deletedElement', { id: element.id })}
          </Text>
        ) : (
          <Anchor
            key={element.id}
            component={Link}
            to={`/plants/${plantId}/elements?${new URLSearchParams({ type: review.element_type.code, code: element.code })}`}
            size="sm"
            ff="monospace"
            fw={600}
            aria-label={t('syncReviews.openElement', { code: element.code })}
          >
            {element.code}
          </Anchor>
        ),
      )}
      {more > 0 && (
        <Text size="sm" c="dimmed">
          {t('syncReviews.moreElements', { count: more, formatted: formatInteger(more) })}
        </Text>
      )}
    </Group>
  );
}

export interface SyncReviewCardProps {
  review: SyncReview;
  plantId: number;
  /** Viewers (VI) read only: no actions. */
  canAct: boolean;
  /** "Aplicar este estado ahora" is possible: the review names all its elements and has a state. */
  onApply: (review: SyncReview) => void;
  onResolve: (review: SyncReview) => void;
  isResolving: boolean;
  isApplying: boolean;
}

/**
 * One sync review: its kind, the element(s), and the incoming change beside the change it met (or
 * the reason of a refusal); side by side from a tablet's width up, one above the other on a phone.
 */
export function SyncReviewCard({
  review,
  plantId,
  canAct,
  onApply,
  onResolve,
  isResolving,
  isApplying,
}: SyncReviewCardProps) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const headingId = `sync-review-${review.id}`;
  const allNamed = review.elements.length >= review.element_count;
  const resolved = review.resolved_at !== null;

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} data-review-kind={review.kind}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Badge color={KIND_COLORS[review.kind]} autoContrast variant="filled" radius="sm" tt="none">
                {t(`syncReviews.kinds.${review.kind}`)}
              </Badge>
              <Text id={headingId} fw={700} size="sm">
                {typeLabel(review.element_type)} ·{' '}
                {t('syncReviews.elementCount', {
                  count: review.element_count,
                  formatted: formatInteger(review.element_count),
                })}
              </Text>
            </Group>
            <ElementList review={review} plantId={plantId} />
            <Text size="xs" c="dimmed">
              {t(`syncReviews.kindHints.${review.kind}`)}
            </Text>
          </Stack>
          {resolved && (
            <Badge color="teal" variant="light" radius="sm" tt="none" leftSection={<IconCheck size={12} />}>
              {review.resolved_by
                ? t('syncReviews.resolvedBy', {
                    name: review.resolved_by.name,
                    date: formatDateTime(review.resolved_at!),
                  })
                : t('syncReviews.resolvedAt', { date: formatDateTime(review.resolved_at!) })}
            </Badge>
          )}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ChangeSide
            title={t('syncReviews.incoming')}
            change={review.incoming}
            id={`${headingId}-incoming`}
          />
          {review.kind === 'refused' ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('syncReviews.refusal')}
              role="note"
            >
              {review.reason || t('syncReviews.noReason')}
            </Alert>
          ) : review.met ? (
            <ChangeSide title={t('syncReviews.met')} change={review.met} id={`${headingId}-met`} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('syncReviews.metGone')}
            </Text>
          )}
        </SimpleGrid>

        {canAct && !resolved && (
          <Group gap="sm" justify="flex-end" wrap="wrap">
            {review.incoming.state && (
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => onApply(review)}
                loading={isApplying}
                disabled={!allNamed}
                title={allNamed ? undefined : t('syncReviews.applyTooMany')}
              >
                {t('syncReviews.apply')}
              </Button>
            )}
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onResolve(review)}
              loading={isResolving}
            >
              {t('syncReviews.resolve')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
