import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementDetail } from '@heliotrack/domain/elements';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';
import { postSerialScan, showSerialEditError } from '../../../api/serial-scan';
import { SerialFlags } from '../../../components/elements/serial-flags';
import { notifySuccess } from '../../../components/notifications/notify';
import { newClientUuid } from '../../../lib/client-uuid';
import { TOUCH_TARGET } from '../../../lib/field-layout';

/**
 * An element's serial with its flags, and its edit by hand (issue 19): POST serial-scan/ with this
 * element alone; the server answers the flags. A refusal opens 'Error al editar el serial'.
 */
export function SerialEdit({
  plantId,
  element,
  canEdit,
}: {
  plantId: number;
  element: ElementDetail;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (value === null) return;
    setSaving(true);
    try {
      const answer = await postSerialScan(plantId, {
        client_uuid: newClientUuid(),
        serials: [{ element_id: element.id, serial: value }],
      });
      setValue(null);
      notifySuccess(t('serials.scan.editSaved'));
      void invalidatePlantElements(queryClient, plantId, answer.elements_version);
    } catch (error) {
      showSerialEditError(error);
    } finally {
      setSaving(false);
    }
  }

  if (value !== null)
    return (
      <form onSubmit={(event) => void save(event)}>
        <TextInput
          label={t('serials.scan.manual')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          styles={{ input: { minHeight: TOUCH_TARGET, fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group gap="xs" mt="xs">
          <Button type="submit" h={TOUCH_TARGET} loading={isSaving}>
            {t('serials.scan.save')}
          </Button>
          <Button variant="default" h={TOUCH_TARGET} onClick={() => setValue(null)} disabled={isSaving}>
            {t('common.cancel')}
          </Button>
        </Group>
      </form>
    );

  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {element.serial || t('common.notAvailable')}
        </Text>
        <SerialFlags element={element} />
      </div>
      {canEdit && (
        <ActionIcon
          variant="subtle"
          size={TOUCH_TARGET}
          onClick={() => setValue(element.serial)}
          aria-label={t('serials.scan.edit')}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
