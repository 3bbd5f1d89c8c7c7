import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENT_CODES_MAX } from '@heliotrack/domain/elements';

/** The codes a person typed or pasted: split on commas, spaces, semicolons and line breaks, once each. */
export function parseCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/**
 * The map's selection without a pointer (issue 34): the codes of the elements to select, typed or
 * pasted from a sheet, for the type chosen in the toolbar. `onSelect` reads their ids; the modal
 * stays open with the error when it fails.
 */
export function SelectByCodeModal({
  opened,
  typeName,
  onClose,
  onSelect,
}: {
  opened: boolean;
  typeName: string;
  onClose: () => void;
  onSelect: (codes: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const codes = parseCodes(text);
    if (!codes.length) return setError(t('validation.required', { ns: 'api' }));
    if (codes.length > ELEMENT_CODES_MAX)
      return setError(t('validation.tooManyItems', { ns: 'api', maximum: ELEMENT_CODES_MAX }));
    setError(null);
    setPending(true);
    try {
      await onSelect(codes);
      setText('');
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${t('map.selection.byCode')} · ${typeName}`}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Textarea
            label={t('map.selection.byCodeLabel')}
            description={t('map.selection.byCodeHint')}
            rows={6}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isPending}>
              {t('map.selection.byCodeSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
