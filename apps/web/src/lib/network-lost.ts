/*
 * A request that got no answer while the app is online (issue 38): the network is gone (or the
 * server cannot be reached), which on a site happens all day. It is not a server failure: no
 * server-error dialog; the network-lost prompt offers offline mode once, quietly.
 */
const listeners = new Set<() => void>();

export function reportNetworkLost(): void {
  for (const listener of listeners) listener();
}

export function onNetworkLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
