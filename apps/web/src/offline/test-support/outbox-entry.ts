import type { OutboxEntry } from '../local-outbox';

/** An outbox entry of user 1 waiting to be sent, as the local database lists it. */
export function waitingEntry(uuid: string, kind: OutboxEntry['kind'], payload: OutboxEntry['payload']): OutboxEntry {
  return {
    client_uuid: uuid,
    user_id: 1,
    kind,
    payload,
    status: 'pending',
    attempts: 0,
    refusal_code: null,
    refusal_reason: null,
    created_at: new Date().toISOString(),
    recorded_at: null,
  };
}
