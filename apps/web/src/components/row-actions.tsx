import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** The edit and delete buttons at the end of a table row; labels name the row for screen readers. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  isDeleting = false,
  isEditDisabled = false,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  isDeleting?: boolean;
  isEditDisabled?: boolean;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={editLabel} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={isEditDisabled}
          onClick={onEdit}
          aria-label={editLabel}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={deleteLabel} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          loading={isDeleting}
          onClick={onDelete}
          aria-label={deleteLabel}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
