import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CODE_LENGTH_MAX } from '@heliotrack/domain/serials';
import { TOUCH_TARGET } from '../../../lib/field-layout';

/** Names a new plan and sets its serial length, after the line was drawn and its modules found. */
export function CreatePlanModal({
  crossed,
  defaultName,
  defaultCodeLength,
  isSaving,
  onSave,
  onClose,
}: {
  crossed: number;
  defaultName: string;
  defaultCodeLength: number;
  isSaving: boolean;
  onSave: (plan: { name: string; codeLength: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(defaultName);
  const [codeLength, setCodeLength] = useState<number | string>(defaultCodeLength);
  const [errors, setErrors] = useState<{ name?: string; codeLength?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const length = Number(codeLength);
    const found = {
      name: name.trim() ? undefined : t('serials.scan.create.nameRequired'),
      codeLength:
        Number.isInteger(length) && length >= 1 && length <= MAX_CODE_LENGTH_MAX
          ? undefined
          : t('serials.scan.create.codeLengthRange'),
    };
    setErrors(found);
    if (found.name || found.codeLength) return;
    onSave({ name: name.trim(), codeLength: length });
  }

  return (
    <Modal
      opened
      onClose={() => !isSaving && onClose()}
      title={t('serials.scan.create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('serials.scan.create.crossed', { count: crossed })}</Text>
          <TextInput
            label={t('serials.scan.create.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            styles={{ input: { minHeight: TOUCH_TARGET } }}
            data-autofocus
          />
          <NumberInput
            label={t('serials.scan.create.codeLength')}
            value={codeLength}
            onChange={setCodeLength}
            min={1}
            max={MAX_CODE_LENGTH_MAX}
            allowDecimal={false}
            error={errors.codeLength}
            styles={{ input: { minHeight: TOUCH_TARGET } }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" h={TOUCH_TARGET} onClick={onClose} disabled={isSaving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" h={TOUCH_TARGET} loading={isSaving}>
              {t('serials.scan.create.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
