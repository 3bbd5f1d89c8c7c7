import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBolt, IconBoltOff, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { SerialFlags } from '../../../components/elements/serial-flags';
import { onBack } from '../../../lib/back-button';
import { TOUCH_TARGET } from '../../../lib/field-layout';
import { flagsOf, type PlanElement } from '../lib/scan-session';
import './scanner-overlay.css';

/**
 * What a technician sees while the camera reads (issue 35): the whole screen is the camera, with an
 * aiming frame, the module the next read goes to, the last read and its flags, the torch (when the
 * camera has one) and cancel. On a device the preview is ML Kit's, behind the transparent page
 * (scanner-overlay.css); in a browser it is the `video` drawn here. A portal on <body>, outside the
 * app's root, so that the transparent state's rules hide the app and never this.
 */
export function ScannerOverlay({
  videoRef,
  next,
  progressText,
  lastRead,
  torch,
  onTorch,
  onCancel,
}: {
  /** The browser camera's video element; null with the native preview. */
  videoRef: Ref<HTMLVideoElement> | null;
  next: PlanElement | null;
  progressText: string;
  lastRead: PlanElement | null;
  /** null: no torch; else whether it is on. */
  torch: boolean | null;
  onTorch: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  }, [onCancel]);
  // Android's back button and Escape close the camera, not the screen under it.
  useEffect(() => onBack(() => cancel.current()), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return createPortal(
    <div
      className="scanner-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t('serials.scan.camera.overlay')}
      data-testid="scanner-overlay"
    >
      {videoRef && (
        <video
          ref={videoRef}
          className="scanner-overlay__video"
          muted
          playsInline
          aria-label={t('serials.scan.camera.label')}
        />
      )}
      <div className="scanner-overlay__frame" data-testid="scanner-frame" aria-hidden />
      <Stack gap={2} className="scanner-overlay__panel">
        <Text size="xs" tt="uppercase" fw={700} c="gray.3">
          {t('serials.scan.next')}
        </Text>
        <Text ff="monospace" fw={700} size="xl" data-testid="scanner-next" style={{ overflowWrap: 'anywhere' }}>
          {next ? next.code : t('serials.scan.done')}
        </Text>
        <Text size="sm" c="gray.3" aria-live="polite">
          {progressText}
        </Text>
        <Text size="sm">{t('serials.scan.camera.aim')}</Text>
      </Stack>
      <Stack gap="xs">
        {lastRead && (
          <Stack gap={2} className="scanner-overlay__panel" aria-live="polite" data-testid="scanner-last">
            <Text size="xs" tt="uppercase" fw={700} c="gray.3">
              {t('serials.scan.lastRead')} · {lastRead.code}
            </Text>
            <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {lastRead.serial}
            </Text>
            {flagsOf(lastRead).length ? (
              <SerialFlags element={lastRead} size="sm" />
            ) : (
              <Badge color="teal" variant="filled" size="sm" leftSection={<IconCheck size={12} aria-hidden />}>
                {t('serials.scan.ok')}
              </Badge>
            )}
          </Stack>
        )}
        <Group gap="xs" grow>
          {torch !== null && (
            <Button
              h={TOUCH_TARGET}
              variant="white"
              color="dark"
              aria-pressed={torch}
              leftSection={torch ? <IconBoltOff size={18} aria-hidden /> : <IconBolt size={18} aria-hidden />}
              onClick={onTorch}
            >
              {torch ? t('serials.scan.camera.torchOff') : t('serials.scan.camera.torchOn')}
            </Button>
          )}
          <Button
            h={TOUCH_TARGET}
            color="red"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={onCancel}
          >
            {t('serials.scan.camera.stop')}
          </Button>
        </Group>
      </Stack>
    </div>,
    document.body,
  );
}
