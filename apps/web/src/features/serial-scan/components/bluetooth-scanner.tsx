import { Alert, Button, Group, Stack, Text, TextInput, UnstyledButton, Collapse } from '@mantine/core';
import { IconBluetooth, IconBluetoothConnected, IconBluetoothOff, IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET } from '../../../lib/field-layout';
import { t as translate } from '../../../lib/i18n';
import {
  BluetoothScannerConnection,
  chooseBluetoothScanner,
  isBluetoothAvailable,
  type BluetoothStatus,
} from '../lib/ble-connection';
import {
  NORDIC_UART_SERVICE,
  NORDIC_UART_TX,
  normalizeUuid,
  readScanSettings,
  writeScanSettings,
  type BluetoothScannerSettings,
} from '../lib/scan-settings';

/** A closed chooser is no error (Web Bluetooth: NotFoundError; the plugin: "cancelled"). */
function isCancel(error: unknown): boolean {
  const { name, message } = error as { name?: string; message?: string };
  return name === 'NotFoundError' || /cancel/i.test(message ?? '');
}

/**
 * The "Lector Bluetooth" input of the scan settings (issue 35): the selected scanner (chosen in
 * the platform's list of nearby devices, kept on the device), its connection state always in view,
 * connected while this is shown (so again each time the scan screen opens), and the serial
 * service's UUIDs for scanners that do not speak Nordic UART.
 */
export function BluetoothScanner({ onRead }: { onRead: (code: string) => void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<BluetoothScannerSettings>(() => readScanSettings().bluetooth);
  const [status, setStatus] = useState<BluetoothStatus | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [attemptKey, setAttemptKey] = useState(0);
  const readRef = useRef(onRead);
  useEffect(() => {
    readRef.current = onRead;
  }, [onRead]);

  const available = isBluetoothAvailable();
  const { device, service, characteristic } = settings;
  const deviceId = device?.id ?? null;
  const deviceName = device?.name ?? '';

  useEffect(() => {
    if (!available || !deviceId) return;
    const connection = new BluetoothScannerConnection(
      { device: { id: deviceId, name: deviceName }, service, characteristic },
      (code) => readRef.current(code),
      setStatus,
    );
    connection.start();
    return () => {
      setStatus(null);
      void connection.stop();
    };
  }, [available, deviceId, deviceName, service, characteristic, attemptKey]);

  async function choose() {
    setChooseError(null);
    try {
      const chosen = await chooseBluetoothScanner(service);
      setSettings(writeScanSettings({ bluetooth: { device: chosen } }).bluetooth);
      setAttemptKey((key) => key + 1);
    } catch (error) {
      if (!isCancel(error)) setChooseError(t('serials.scan.bluetooth.chooseFailed', { message: (error as Error).message }));
    }
  }

  if (!available)
    return (
      <Alert color="yellow" variant="light" icon={<IconBluetoothOff size={18} aria-hidden />}>
        {t('serials.scan.bluetooth.unavailable')}
      </Alert>
    );

  const StatusIcon = status?.kind === 'connected' ? IconBluetoothConnected : IconBluetooth;
  return (
    <Stack gap="xs" data-testid="bluetooth-scanner">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <StatusIcon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {device ? t('serials.scan.bluetooth.device', { name: device.name }) : t('serials.scan.bluetooth.none')}
          </Text>
          {device && (
            <Text
              size="sm"
              role="status"
              aria-live="polite"
              data-testid="bluetooth-status"
              c={status?.kind === 'connected' ? 'teal' : status?.kind === 'connecting' ? 'dimmed' : 'orange'}
            >
              {status ? statusText(status) : t('serials.scan.bluetooth.status.connecting')}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap="xs" grow>
        <Button h={TOUCH_TARGET} variant="light" onClick={() => void choose()}>
          {device ? t('serials.scan.bluetooth.change') : t('serials.scan.bluetooth.choose')}
        </Button>
        {device && status?.kind === 'retrying' && (
          <Button h={TOUCH_TARGET} variant="default" onClick={() => setAttemptKey((key) => key + 1)}>
            {t('serials.scan.bluetooth.reconnect')}
          </Button>
        )}
      </Group>
      {chooseError && (
        <Alert color="red" variant="light">
          {chooseError}
        </Alert>
      )}
      <ServiceSettings
        service={service}
        characteristic={characteristic}
        onSave={(uuids) => setSettings(writeScanSettings({ bluetooth: uuids }).bluetooth)}
      />
    </Stack>
  );
}

function statusText(status: BluetoothStatus): string {
  switch (status.kind) {
    case 'connecting':
      return translate('serials.scan.bluetooth.status.connecting');
    case 'connected':
      return translate('serials.scan.bluetooth.status.connected');
    case 'retrying':
      return translate('serials.scan.bluetooth.status.retrying', { attempt: status.attempt });
    case 'chooseAgain':
      return translate('serials.scan.bluetooth.status.chooseAgain');
  }
}

/** The serial service and the characteristic the scanner notifies on; Nordic UART by default. */
function ServiceSettings({
  service,
  characteristic,
  onSave,
}: {
  service: string;
  characteristic: string;
  onSave: (uuids: { service: string; characteristic: string }) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [serviceText, setServiceText] = useState(service);
  const [characteristicText, setCharacteristicText] = useState(characteristic);
  const [submitted, setSubmitted] = useState(false);
  const serviceUuid = normalizeUuid(serviceText);
  const characteristicUuid = normalizeUuid(characteristicText);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (serviceUuid && characteristicUuid) onSave({ service: serviceUuid, characteristic: characteristicUuid });
  }

  function useNordic() {
    setServiceText(NORDIC_UART_SERVICE);
    setCharacteristicText(NORDIC_UART_TX);
    setSubmitted(false);
    onSave({ service: NORDIC_UART_SERVICE, characteristic: NORDIC_UART_TX });
  }

  return (
    <Stack gap={4}>
      <UnstyledButton onClick={() => setOpen((value) => !value)} aria-expanded={open} mih={TOUCH_TARGET - 12}>
        <Group gap={4} wrap="nowrap">
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, flexShrink: 0 }}
          />
          <Text size="sm" c="dimmed">
            {t('serials.scan.bluetooth.advanced')}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <TextInput
              label={t('serials.scan.bluetooth.service')}
              value={serviceText}
              onChange={(event) => setServiceText(event.currentTarget.value)}
              error={submitted && !serviceUuid ? t('serials.scan.bluetooth.uuidInvalid') : undefined}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <TextInput
              label={t('serials.scan.bluetooth.characteristic')}
              value={characteristicText}
              onChange={(event) => setCharacteristicText(event.currentTarget.value)}
              error={submitted && !characteristicUuid ? t('serials.scan.bluetooth.uuidInvalid') : undefined}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group gap="xs" grow>
              <Button type="submit" h={TOUCH_TARGET} variant="light">
                {t('serials.scan.bluetooth.saveUuids')}
              </Button>
              <Button h={TOUCH_TARGET} variant="default" onClick={useNordic}>
                {t('serials.scan.bluetooth.nordic')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
}
