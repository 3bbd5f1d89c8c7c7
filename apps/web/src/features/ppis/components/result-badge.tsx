import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RESULT_COLORS, type PpiResultValue } from '@heliotrack/domain/ppi-results';

/** A result (or pending) in its colour: green OK, red not OK, grey not applicable, amber pending. */
export function ResultBadge({ result }: { result: PpiResultValue | null }) {
  const { t } = useTranslation();
  const key = result ?? 'pending';
  return (
    <Badge
      color={RESULT_COLORS[key]}
      variant={result ? 'filled' : 'outline'}
      // Pending is an amber outline: amber text on white is 1.9:1, so its text is dark amber (7:1),
      // light amber in the dark scheme (app/theme.ts).
      c={result ? undefined : 'var(--app-pending-text)'}
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {t(`ppis.results.value.${key}`)}
    </Badge>
  );
}
