import { EmptyState as MantineEmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The "nothing here" panel of lists and dashboards. */
export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" py="xl" px="md">
      <MantineEmptyState variant="light" icon={icon} title={title} description={description}>
        {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
      </MantineEmptyState>
    </Paper>
  );
}
