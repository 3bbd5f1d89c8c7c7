import { Button, Paper, Radio, Slider, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import { formatDay } from '../../lib/day';
import { TOUCH_TARGET } from '../../lib/field-layout';

const NONE = 'none';

/** "2026-11-20 vuelo dron" → "Vuelo dron · 20/11/2026": the name, then the day of the flight when known. */
export function orthophotoLabel(layer: Pick<ImageryLayer, 'name' | 'captured_on'>): string {
  return layer.captured_on ? `${layer.name} · ${formatDay(layer.captured_on)}` : layer.name;
}

/**
 * The "Ortofoto" control of a plant's map (issue 37): which of the plant's orthophoto layers is
 * drawn under the elements, or none, and how opaque. A button in the map's corner opens a panel
 * under it (Escape closes it and gives the focus back); the radios and the slider work with the
 * keyboard (arrows), and on touch screens every target is at least 44 px high.
 */
export function OrthophotoControl({
  layers,
  selectedId,
  opacity,
  onSelect,
  onOpacityChange,
  isTouch = false,
}: {
  /** Ready layers only, newest flight first. */
  layers: readonly ImageryLayer[];
  /** The layer drawn, null for none. */
  selectedId: number | null;
  /** 0 to 1. */
  opacity: number;
  onSelect: (layerId: number | null) => void;
  onOpacityChange: (opacity: number) => void;
  isTouch?: boolean;
}) {
  const { t } = useTranslation();
  const radioStyles = isTouch
    ? { body: { alignItems: 'center', minHeight: TOUCH_TARGET }, labelWrapper: { justifyContent: 'center' } }
    : undefined;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  return (
    <Stack gap={6} align="flex-start">
      <Button
        ref={buttonRef}
        variant="white"
        color="dark"
        size={isTouch ? 'md' : 'sm'}
        mih={isTouch ? TOUCH_TARGET : undefined}
        leftSection={<IconPhoto size={18} aria-hidden />}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
      >
        {t('map.orthophoto.button')}
      </Button>
      {isOpen && (
        <Paper
          id={panelId}
          shadow="md"
          p="sm"
          w={280}
          maw="calc(100vw - 48px)"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setOpen(false);
            buttonRef.current?.focus();
          }}
        >
          <Stack gap="md">
            <Radio.Group
              label={t('map.orthophoto.layer')}
              value={selectedId === null ? NONE : String(selectedId)}
              onChange={(value) => onSelect(value === NONE ? null : Number(value))}
            >
              <Stack gap={isTouch ? 0 : 'xs'} mt="xs">
                {layers.map((layer) => (
                  <Radio
                    key={layer.id}
                    value={String(layer.id)}
                    label={orthophotoLabel(layer)}
                    size={isTouch ? 'md' : 'sm'}
                    styles={radioStyles}
                  />
                ))}
                <Radio
                  value={NONE}
                  label={t('map.orthophoto.none')}
                  size={isTouch ? 'md' : 'sm'}
                  styles={radioStyles}
                />
              </Stack>
            </Radio.Group>
            <div>
              <Text size="sm" fw={500} aria-hidden>
                {t('map.orthophoto.opacity')}
              </Text>
              <Slider
                mt="xs"
                mb={isTouch ? 'sm' : undefined}
                size={isTouch ? 'xl' : 'md'}
                thumbSize={isTouch ? TOUCH_TARGET - 16 : undefined}
                min={0}
                max={100}
                step={5}
                value={Math.round(opacity * 100)}
                onChange={(value) => onOpacityChange(value / 100)}
                disabled={selectedId === null}
                label={(value) => `${value} %`}
                thumbLabel={t('map.orthophoto.opacity')}
              />
            </div>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
