import { useMemo, useState } from 'react';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import {
  chosenOrthophoto,
  DEFAULT_ORTHOPHOTO_OPACITY,
  type OrthophotoChoice,
  orthophotoView,
  readOrthophotoChoice,
  writeOrthophotoChoice,
} from './orthophoto';

/**
 * The orthophoto of a plant's map: the layers offered (ready ones), the one drawn and its opacity,
 * as the user last chose them on this plant (kept in local storage), else the plant's default layer.
 */
export function useOrthophoto(plantId: number, layers: readonly ImageryLayer[] | undefined) {
  const [choice, setChoice] = useState<OrthophotoChoice>(() => readOrthophotoChoice(plantId));
  const ready = useMemo(() => (layers ?? []).filter((layer) => layer.status === 'ready'), [layers]);
  const layer = chosenOrthophoto(ready, choice);
  const opacity = choice.opacity ?? DEFAULT_ORTHOPHOTO_OPACITY;
  const view = useMemo(() => orthophotoView(layer, opacity), [layer, opacity]);

  function choose(next: OrthophotoChoice) {
    const merged = { ...choice, ...next };
    setChoice(merged);
    writeOrthophotoChoice(plantId, merged);
  }

  return {
    layers: ready,
    selectedId: layer?.id ?? null,
    opacity,
    view,
    select: (layerId: number | null) => choose({ layerId }),
    setOpacity: (value: number) => choose({ opacity: value }),
  };
}
