import { useMemo, useState } from 'react';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { BaseMapSettings } from '../../../components/map/base-style';
import { ElementDetailDrawer } from './element-detail-drawer';
import { StateChangeDialog, type StateChangeTarget } from './state-change-dialog';

interface ElementActionsState {
  detail: { elementId: number; type: ElementType } | null;
  change: { target: StateChangeTarget; type: ElementType } | null;
}

/** What the table and the map open on an element: its detail drawer and the state-change dialog. */
export function useElementActions() {
  const [state, setState] = useState<ElementActionsState>({ detail: null, change: null });
  // Stable openers, so the table's memoised row callbacks keep their identity.
  const open = useMemo(
    () => ({
      showDetail: (elementId: number, type: ElementType) =>
        setState((s) => ({ ...s, detail: { elementId, type } })),
      closeDetail: () => setState((s) => ({ ...s, detail: null })),
      changeState: (target: StateChangeTarget, type: ElementType) =>
        setState((s) => ({ ...s, change: { target, type } })),
      closeChange: () => setState((s) => ({ ...s, change: null })),
    }),
    [],
  );
  return { ...state, ...open };
}

/** The drawer and the dialog of `useElementActions`; `onMassiveDone` clears the page's selection. */
export function ElementActions({
  plantId,
  baseMap,
  actions,
  onMassiveDone,
}: {
  plantId: number;
  baseMap?: BaseMapSettings | null;
  actions: ReturnType<typeof useElementActions>;
  onMassiveDone: () => void;
}) {
  const { detail, change } = actions;
  return (
    <>
      <ElementDetailDrawer
        plantId={plantId}
        elementType={detail?.type}
        elementId={detail?.elementId ?? null}
        baseMap={baseMap}
        onClose={actions.closeDetail}
        onChangeState={(element, type) => actions.changeState({ kind: 'single', element }, type)}
      />
      {change && (
        <StateChangeDialog
          plantId={plantId}
          elementType={change.type}
          target={change.target}
          onClose={actions.closeChange}
          onDone={() => {
            if (change.target.kind === 'massive') onMassiveDone();
          }}
        />
      )}
    </>
  );
}
