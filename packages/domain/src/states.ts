/*
 * The depends_on rule of states: a state that depends on another may only be recorded on elements
 * that have reached that one. The server checks it when a state change is recorded and counts
 * milestones with it; the offline device applies the same rule to changes made without a network.
 */

export interface StateLink {
  id: number;
  depends_on: number | null;
}

/**
 * The states from which `required` has been reached: `required` itself and every state whose
 * depends_on chain leads to it (a later stage of the same work). An element in any of them may
 * move to a state that depends on `required`. Chains that loop are followed once around.
 */
export function statesReaching(required: number, states: readonly StateLink[]): Set<number> {
  const dependsOn = new Map(states.map((s) => [s.id, s.depends_on]));
  const reaching = new Set<number>([required]);
  for (const state of states) {
    const seen = new Set<number>();
    for (let current: number | null | undefined = state.id; current != null && !seen.has(current); current = dependsOn.get(current)) {
      if (current === required) {
        reaching.add(state.id);
        break;
      }
      seen.add(current);
    }
  }
  return reaching;
}
