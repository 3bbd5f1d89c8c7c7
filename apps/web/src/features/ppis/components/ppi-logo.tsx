import { Button, FileInput, Group, Image, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardCheck, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PPI_LOGO_ACCEPT, PPI_LOGO_MAX_BYTES, type Ppi } from '@heliotrack/domain/ppis';
import { notifySuccess } from '../../../components/notifications/notify';
import { formErrorsOf } from '../../../lib/validate-form';
import { useDeletePpiLogo, usePpiLogoUrl, useUploadPpiLogo } from '../api/ppi-logo';

/** The plan's logo, or a placeholder while it has none. */
export function PpiLogo({ ppi, size = 40 }: { ppi: Pick<Ppi, 'id' | 'logo' | 'updated_at' | 'code'>; size?: number }) {
  const { t } = useTranslation();
  const src = usePpiLogoUrl(ppi.id, ppi.logo, ppi.updated_at);
  if (!src) {
    return (
      <ThemeIcon size={size} radius="md" variant="light" color="gray" aria-hidden>
        <IconClipboardCheck size={size * 0.55} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return <Image src={src} alt={t('ppis.logo.alt', { code: ppi.code })} w={size} h={size} fit="contain" radius="md" bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)' }} />;
}

/** Upload (PNG or JPEG, checked by the server by its bytes) or remove the plan's logo. */
export function PpiLogoModal({ ppi, onClose }: { ppi: Ppi; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPpiLogo();
  const remove = useDeletePpiLogo();

  function onUpload() {
    if (!file) return setError(t('ppis.logo.chooseFile'));
    if (file.size > PPI_LOGO_MAX_BYTES) return setError(t('ppis.logo.tooLarge', { max: PPI_LOGO_MAX_BYTES / (1024 * 1024) }));
    setError(null);
    upload.mutate(
      { ppiId: ppi.id, file },
      {
        onSuccess: () => {
          notifySuccess(t('ppis.logo.uploaded', { code: ppi.code }));
          onClose();
        },
        onError: (e) => {
          const errors = formErrorsOf(e);
          setError(errors.logo ?? errors._general ?? Object.values(errors)[0] ?? null);
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('ppis.logo.title', { code: ppi.code })} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Group>
          <PpiLogo ppi={ppi} size={72} />
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {ppi.logo ? t('ppis.logo.current') : t('ppis.logo.none')}
          </Text>
        </Group>
        <FileInput
          label={t('ppis.logo.file')}
          description={t('ppis.logo.hint', { max: PPI_LOGO_MAX_BYTES / (1024 * 1024) })}
          accept={PPI_LOGO_ACCEPT}
          value={file}
          onChange={setFile}
          leftSection={<IconPhoto size={16} aria-hidden />}
          error={error}
          clearable
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={!ppi.logo}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(ppi.id, {
                onSuccess: () => {
                  notifySuccess(t('ppis.logo.deleted', { code: ppi.code }));
                  onClose();
                },
              })
            }
          >
            {t('ppis.logo.delete')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={onUpload} loading={upload.isPending}>
              {t('ppis.logo.upload')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
