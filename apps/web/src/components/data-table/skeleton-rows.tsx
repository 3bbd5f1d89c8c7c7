import { Skeleton, Table } from '@mantine/core';

/** Placeholder rows of a table whose data is loading: `rows` rows of `columns` grey bars. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={16} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
