import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconCamera,
  IconCameraOff,
  IconCheck,
  IconKeyboard,
  IconPlayerSkipForward,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SerialFlags } from '../../../components/elements/serial-flags';
import { TOUCH_TARGET } from '../../../lib/field-layout';
import { useKeepScreenOn } from '../../../lib/keep-awake';
import { isNativeTorchAvailable, toggleNativeTorch } from '../../../lib/native-barcode';
import { onAppHidden } from '../../../lib/native-platform';
import { isCameraReadingAvailable, isNativeCamera, startCameraReading } from '../lib/camera-reader';
import { flagsOf, progress, type PlanElement, type ScanSession } from '../lib/scan-session';
import { readScanSettings, writeScanSettings, type ScanInput } from '../lib/scan-settings';
import { listenForWedge } from '../lib/wedge-reader';
import { BluetoothScanner } from './bluetooth-scanner';
import { ScannerOverlay } from './scanner-overlay';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The scanning controls of a plan, phone first: what is expected, read and left (always in
 * view), the module the next read goes to, the last read with its flags, the input (a scanner as a
 * keyboard listens all the time; the camera on demand), manual entry or correction, skip and undo.
 */
export function ScanPanel({
  session,
  lastRead,
  isSending,
  onRead,
  onSkip,
  onUndo,
}: {
  session: ScanSession;
  lastRead: PlanElement | null;
  isSending: boolean;
  onRead: (serial: string) => void;
  onSkip: () => void;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState<ScanInput>(() => readScanSettings().input);
  const [manual, setManual] = useState('');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [isCameraOn, setCameraOn] = useState(false);
  const [isAppHidden, setAppHidden] = useState(false);
  const [torch, setTorch] = useState<boolean | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const readRef = useRef(onRead);
  useEffect(() => {
    readRef.current = onRead;
  }, [onRead]);

  // A plan is open: the screen stays on while the technician walks the row.
  useKeepScreenOn(true);

  // A scanner acting as a keyboard: its bursts anywhere on the page are reads.
  useEffect(() => listenForWedge((code) => readRef.current(code)), []);

  // The app in the background releases the camera; back in front, the scan starts again.
  useEffect(() => onAppHidden(setAppHidden), []);

  // The camera runs while it is on and the app is in front: the overlay is drawn first (the web
  // camera plays in its video), then reading starts; any way out (cancel, error, background,
  // leaving the screen) stops it and brings the page back.
  const isCameraReading = isCameraOn && !isAppHidden;
  useEffect(() => {
    if (!isCameraReading) return;
    let cancelled = false;
    let stop: (() => Promise<void>) | null = null;
    const fail = (message: string) => {
      if (cancelled) return;
      setCameraOn(false);
      setCameraError(message);
    };
    startCameraReading(
      (code) => readRef.current(code),
      video.current,
      (message) => fail(t('serials.scan.camera.failed', { message })),
    )
      .then(async (stopReading) => {
        if (cancelled) return stopReading();
        stop = stopReading;
        if (isNativeCamera() && (await isNativeTorchAvailable()) && !cancelled) setTorch(false);
      })
      .catch((error: unknown) => {
        // Refused on the device (ML Kit's CameraPermissionError) or in the browser (NotAllowedError).
        const denied =
          (error as { code?: string }).code === 'camera_permission_denied' ||
          (error as { name?: string }).name === 'NotAllowedError';
        fail(denied ? t('serials.scan.camera.denied') : t('serials.scan.camera.unsupported'));
      });
    return () => {
      cancelled = true;
      setTorch(null);
      void stop?.();
    };
  }, [isCameraReading, t]);

  const { expected, read, left, status } = progress(session);
  const next = session.elements[session.cursor] ?? null;
  const cameraAvailable = isCameraReadingAvailable();

  function chooseInput(value: string) {
    const chosen: ScanInput = value === 'camera' || value === 'bluetooth' ? value : 'wedge';
    setInput(chosen);
    writeScanSettings({ input: chosen });
    if (chosen !== 'camera') setCameraOn(false);
  }

  function toggleCamera(on: boolean) {
    setCameraError(null);
    setCameraOn(on);
  }

  async function switchTorch() {
    try {
      setTorch(await toggleNativeTorch());
    } catch {
      setTorch(null);
    }
  }

  function submitManual(event: FormEvent) {
    event.preventDefault();
    if (!manual.trim()) return;
    onRead(manual);
    setManual('');
  }

  return (
    <Paper withBorder p="sm" shadow="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" role="status" aria-live="polite" data-testid="scan-progress">
            {t('serials.scan.progress', { read, expected, left })}
          </Text>
          <Badge color={status === 1 ? 'teal' : 'orange'} variant="light" style={{ flexShrink: 0 }}>
            {status === 1 ? t('serials.scan.status.complete') : t('serials.scan.status.incomplete')}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Count label={t('serials.scan.expected')} value={expected} testId="scan-expected" />
          <Count label={t('serials.scan.read')} value={read} testId="scan-read" />
          <Count label={t('serials.scan.left')} value={left} testId="scan-left" />
        </SimpleGrid>

        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('serials.scan.next')}
            </Text>
            {next ? (
              <Text
                ff="monospace"
                fw={700}
                size="lg"
                data-testid="scan-next"
                style={{ overflowWrap: 'anywhere' }}
              >
                {next.code}
              </Text>
            ) : (
              <Text size="sm" data-testid="scan-next">
                {t('serials.scan.done')}
              </Text>
            )}
          </Stack>
          {lastRead && (
            <Stack gap={2} style={{ minWidth: 0 }} data-testid="scan-last" aria-live="polite">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('serials.scan.lastRead')} · {lastRead.code}
              </Text>
              <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {lastRead.serial}
              </Text>
              {flagsOf(lastRead).length ? (
                <SerialFlags element={lastRead} size="sm" />
              ) : (
                <Badge
                  color="teal"
                  variant="light"
                  size="sm"
                  leftSection={<IconCheck size={12} aria-hidden />}
                >
                  {t('serials.scan.ok')}
                </Badge>
              )}
            </Stack>
          )}
        </Group>

        <SegmentedControl
          fullWidth
          value={input}
          onChange={chooseInput}
          aria-label={t('serials.scan.input.label')}
          data={[
            { value: 'wedge', label: t('serials.scan.input.wedge') },
            { value: 'bluetooth', label: t('serials.scan.input.bluetooth') },
            { value: 'camera', label: t('serials.scan.input.camera') },
          ]}
          styles={{
            label: {
              minHeight: TOUCH_TARGET - 8,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            },
          }}
        />
        {input === 'wedge' ? (
          <Group gap="xs" wrap="nowrap" c="dimmed">
            <IconKeyboard size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('serials.scan.wedgeReady')}</Text>
          </Group>
        ) : input === 'bluetooth' ? (
          <BluetoothScanner onRead={(code) => readRef.current(code)} />
        ) : (
          <Stack gap="xs">
            {!cameraAvailable ? (
              <Alert color="yellow" variant="light">
                {t('serials.scan.camera.unsupported')}
              </Alert>
            ) : (
              <Button
                h={TOUCH_TARGET}
                variant="light"
                leftSection={
                  isCameraOn ? <IconCameraOff size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />
                }
                onClick={() => toggleCamera(!isCameraOn)}
              >
                {isCameraOn ? t('serials.scan.camera.stop') : t('serials.scan.camera.start')}
              </Button>
            )}
            {cameraError && (
              <Alert color="red" variant="light">
                {cameraError}
              </Alert>
            )}
          </Stack>
        )}

        <form onSubmit={submitManual}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('serials.scan.manual')}
              description={t('serials.scan.manualHint')}
              value={manual}
              onChange={(event) => setManual(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              styles={{
                input: { minHeight: TOUCH_TARGET, fontFamily: 'var(--mantine-font-family-monospace)' },
              }}
              disabled={!next}
            />
            <Button type="submit" h={TOUCH_TARGET} disabled={!next || !manual.trim()}>
              {t('serials.scan.save')}
            </Button>
          </Group>
        </form>

        <Group gap="xs" grow>
          <Button
            h={TOUCH_TARGET}
            variant="default"
            leftSection={<IconPlayerSkipForward size={18} aria-hidden />}
            onClick={onSkip}
            disabled={!next}
          >
            {t('serials.scan.skip')}
          </Button>
          <Button
            h={TOUCH_TARGET}
            variant="default"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={onUndo}
            disabled={session.history.length === 0}
            aria-label={t('serials.scan.undoLabel')}
          >
            {t('serials.scan.undo')}
          </Button>
        </Group>
        {isCameraOn && (
          <ScannerOverlay
            videoRef={isNativeCamera() ? null : video}
            next={next}
            progressText={t('serials.scan.progress', { read, expected, left })}
            lastRead={lastRead}
            torch={torch}
            onTorch={() => void switchTorch()}
            onCancel={() => toggleCamera(false)}
          />
        )}
        {isSending && (
          <Text size="xs" c="dimmed">
            {t('serials.scan.sending')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
