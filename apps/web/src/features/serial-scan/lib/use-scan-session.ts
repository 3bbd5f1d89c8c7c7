import { useCallback, useEffect, useRef, useState } from 'react';
import type { SerialScanRequestInput } from '@heliotrack/domain/serials';
import { getDeliveredSerialsAll, postSerialScan, showSerialEditError } from '../../../api/serial-scan';
import { isApiError } from '../../../lib/api-error';
import { newClientUuid } from '../../../lib/client-uuid';
import { isOfflineMode } from '../../../lib/offline-mode';
import { beep } from './beep';
import {
  applyServerFlags,
  flagsOf,
  progress,
  readSerial,
  selectElement,
  skip,
  startSession,
  undo,
  type PlanElement,
  type ScanContext,
  type ScanSession,
} from './scan-session';
import {
  planElements,
  saveSerials,
  storeDeliveredSerials,
  storedDeliveredSerials,
  storedPlantSerials,
  type ScanPlan,
} from './scan-plans';

/** Reads close together go up in one request (a scanner reads a module a second). */
const BATCH_DELAY_MS = 300;
const RETRY_DELAY_MS = 5000;

interface Batch {
  body: SerialScanRequestInput;
}

/** The plant's delivered list: fresh from the server when online (and kept on the device), else the kept one. */
async function deliveredList(plantId: number): Promise<Set<string> | null> {
  if (!isOfflineMode()) {
    try {
      const all = await getDeliveredSerialsAll(plantId);
      await storeDeliveredSerials(plantId, all.serials).catch(() => undefined);
      return all.serials.length ? new Set(all.serials) : null;
    } catch {
      // Unreachable: the list kept from the last time.
    }
  }
  return storedDeliveredSerials(plantId);
}

/**
 * A scanning session on one plan: reads, skip, undo and corrections applied at once on the device
 * (flags included, with a sound), kept in the local plan, and sent with POST serial-scan/ in
 * batches, each with its client uuid (a network failure resends the same batch). The server's
 * flags replace the device's. Offline, the same call is answered by the local handler (outbox).
 */
export function useScanSession(plantId: number, plan: ScanPlan | null, onSaved?: () => void) {
  const [session, setSession] = useState<ScanSession | null>(null);
  const [lastRead, setLastRead] = useState<PlanElement | null>(null);
  const [isSending, setSending] = useState(false);
  const sessionRef = useRef<ScanSession | null>(null);
  const contextRef = useRef<ScanContext | null>(null);
  const pending = useRef(new Set<number>());
  const retry = useRef<Batch | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const planRef = useRef(plan);
  planRef.current = plan;
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;

  const planId = plan?.id ?? null;
  const maxCodeLength = plan?.max_code_length ?? 14;

  useEffect(() => {
    sessionRef.current = null;
    setSession(null);
    setLastRead(null);
    if (planId === null) return;
    let cancelled = false;
    void (async () => {
      const [elements, delivered, held] = await Promise.all([
        planElements(planId),
        deliveredList(plantId),
        storedPlantSerials(plantId).catch(() => new Map<string, number[]>()),
      ]);
      if (cancelled) return;
      contextRef.current = {
        maxCodeLength,
        delivered,
        heldOutside: (serial, id) => (held.get(serial) ?? []).some((holder) => holder !== id),
      };
      const started = startSession(elements);
      sessionRef.current = started;
      setSession(started);
    })();
    return () => {
      cancelled = true;
    };
  }, [plantId, planId, maxCodeLength]);

  const flush = useCallback(async (): Promise<void> => {
    timer.current = null;
    const current = sessionRef.current;
    const activePlan = planRef.current;
    if (inFlight.current || !current || !activePlan) return;
    let batch = retry.current;
    if (!batch) {
      const ids = [...pending.current];
      pending.current.clear();
      if (ids.length === 0) return;
      const byId = new Map(current.elements.map((element) => [element.id, element]));
      batch = {
        body: {
          client_uuid: newClientUuid(),
          max_code_length: activePlan.max_code_length,
          serials: ids
            .filter((id) => byId.has(id))
            .map((id) => ({ element_id: id, serial: byId.get(id)!.serial })),
        },
      };
    }
    retry.current = null;
    inFlight.current = true;
    setSending(true);
    try {
      const answer = await postSerialScan(plantId, batch.body);
      const next = applyServerFlags(sessionRef.current ?? current, answer.elements);
      sessionRef.current = next;
      setSession(next);
      setLastRead((last) =>
        last ? (next.elements.find((element) => element.id === last.id) ?? last) : last,
      );
      await saveSerials(activePlan.id, answer.elements, progress(next).status);
      savedRef.current?.();
    } catch (error) {
      if (isApiError(error) && (error.status === 0 || error.status >= 500)) {
        // Not reached or not answered: the same batch (same client uuid) again later.
        retry.current = batch;
        timer.current = setTimeout(() => void flush(), RETRY_DELAY_MS);
      } else showSerialEditError(error);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
    if ((pending.current.size > 0 || retry.current) && !timer.current)
      timer.current = setTimeout(() => void flush(), BATCH_DELAY_MS);
  }, [plantId]);

  // Whatever is still pending goes up when the screen closes.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current.size || retry.current) void flush();
    },
    [flush],
  );

  const commit = useCallback(
    (next: ScanSession, before: ScanSession) => {
      const activePlan = planRef.current;
      if (!activePlan) return;
      const old = new Map(before.elements.map((element) => [element.id, element]));
      const changed = next.elements.filter((element) => {
        const previous = old.get(element.id);
        return (
          !previous ||
          previous.serial !== element.serial ||
          flagsOf(previous).join() !== flagsOf(element).join()
        );
      });
      sessionRef.current = next;
      setSession(next);
      void saveSerials(activePlan.id, changed, progress(next).status).then(() => savedRef.current?.());
      // Every element whose serial or device flags changed goes up (an unchanged serial is rewritten
      // as it is): the server's answer then carries the flags the device cannot know (a holder
      // outside the plan), also after an undo that brought back an older snapshot of them.
      for (const element of changed) pending.current.add(element.id);
      if (!timer.current) timer.current = setTimeout(() => void flush(), BATCH_DELAY_MS);
    },
    [flush],
  );

  const read = useCallback(
    (text: string) => {
      const before = sessionRef.current;
      const context = contextRef.current;
      if (!before || !context) return;
      const next = readSerial(before, text, context);
      if (next === before) return;
      const written = next.elements[before.cursor];
      setLastRead(written);
      beep(flagsOf(written).length === 0);
      commit(next, before);
    },
    [commit],
  );

  const actions = {
    read,
    skip: () => {
      if (!sessionRef.current) return;
      const next = skip(sessionRef.current);
      sessionRef.current = next;
      setSession(next);
    },
    select: (index: number) => {
      if (!sessionRef.current) return;
      const next = selectElement(sessionRef.current, index);
      sessionRef.current = next;
      setSession(next);
    },
    undo: () => {
      const before = sessionRef.current;
      if (!before) return;
      const { session: next, element } = undo(before);
      if (!element) return;
      setLastRead(null);
      commit(next, before);
    },
  };

  return { session, lastRead, isSending, actions };
}
