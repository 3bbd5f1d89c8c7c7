import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SerialFlags } from '../../../components/elements/serial-flags';
import { TOUCH_TARGET } from '../../../lib/field-layout';
import type { ScanSession } from '../lib/scan-session';

/** The plan's modules in walking order with their serials and flags; a row's button points the next read at it. */
export function PlanTable({
  name,
  session,
  onSelect,
}: {
  name: string;
  session: ScanSession;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-label={t('serials.scan.tableLabel', { name })} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('serials.scan.columns.index')}</Table.Th>
            <Table.Th>{t('serials.scan.columns.code')}</Table.Th>
            <Table.Th>{t('serials.scan.columns.serial')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {session.elements.map((element, index) => (
            <Table.Tr
              key={element.id}
              bg={index === session.cursor ? 'var(--mantine-color-orange-light)' : undefined}
              aria-current={index === session.cursor ? 'step' : undefined}
            >
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  mih={TOUCH_TARGET}
                  px={4}
                  ff="monospace"
                  styles={{ label: { whiteSpace: 'nowrap' } }}
                  onClick={() => onSelect(index)}
                  aria-label={t('serials.scan.readAgain', { code: element.code })}
                >
                  {element.code}
                </Button>
              </Table.Td>
              <Table.Td>
                {/* The flags under the serial: three columns fit a phone. */}
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {element.serial}
                </Text>
                <SerialFlags element={element} wrap />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
