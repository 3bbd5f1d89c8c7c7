import {
  ActionIcon,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import { useConfirmDeleteDocument } from './use-confirm-delete-document';
import { useDocumentObjectUrl } from '../../../lib/use-document-object-url';

function StoredImage({
  photo,
  alt,
  fit,
  height,
}: {
  photo: DocumentInfo;
  alt: string;
  fit: 'cover' | 'contain';
  height: number | string;
}) {
  const { t } = useTranslation();
  const { src, isLoading, isError } = useDocumentObjectUrl(photo);
  if (isError)
    return (
      <Center h={height} bg="gray.1" c="dimmed" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Stack gap={4} align="center">
          <IconPhotoOff size={24} aria-hidden />
          <Text size="xs">{t('flashReports.details.photoFailed')}</Text>
        </Stack>
      </Center>
    );
  if (isLoading || !src)
    return (
      <Center h={height} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Loader size="sm" />
      </Center>
    );
  return <Image src={src} alt={alt} h={height} fit={fit} radius="sm" />;
}

/** The photos of a flash report as thumbnails; a click enlarges one, with previous and next. */
export function PhotoGallery({ photos }: { photos: DocumentInfo[] }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const { confirmDelete, deletingId } = useConfirmDeleteDocument();
  const open = openIndex !== null ? photos[openIndex] : undefined;
  const step = (delta: number) =>
    setOpenIndex((index) => (index === null ? null : (index + delta + photos.length) % photos.length));

  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
        {photos.map((photo, index) => (
          <UnstyledButton
            key={photo.id}
            onClick={() => setOpenIndex(index)}
            aria-label={t('flashReports.details.enlarge', { name: photo.name })}
            style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
          >
            <StoredImage photo={photo} alt={photo.name} fit="cover" height={140} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={!!open}
        onClose={() => setOpenIndex(null)}
        size="xl"
        centered
        title={
          open && (
            <Text fw={600} size="sm" truncate>
              {t('flashReports.details.photoTitle', {
                index: (openIndex ?? 0) + 1,
                total: photos.length,
                name: open.name,
              })}
            </Text>
          )
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && (
          <Stack gap="sm">
            <StoredImage photo={open} alt={open.name} fit="contain" height="min(70dvh, 640px)" />
            <Group justify="space-between" gap="lg">
              <Group gap="lg">
                {photos.length > 1 && (
                  <>
                    <ActionIcon
                      variant="light"
                      size="lg"
                      onClick={() => step(-1)}
                      aria-label={t('flashReports.details.previous')}
                    >
                      <IconChevronLeft size={20} />
                    </ActionIcon>
                    <ActionIcon
                      variant="light"
                      size="lg"
                      onClick={() => step(1)}
                      aria-label={t('flashReports.details.next')}
                    >
                      <IconChevronRight size={20} />
                    </ActionIcon>
                  </>
                )}
              </Group>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                loading={deletingId === open.id}
                onClick={() =>
                  void confirmDelete(open, () =>
                    // The list shrinks by one: stay on the same place, or close when it was the last.
                    setOpenIndex((index) =>
                      photos.length <= 1 || index === null ? null : Math.min(index, photos.length - 2),
                    ),
                  )
                }
              >
                {t('flashReports.details.deleteFile', { name: open.name })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
