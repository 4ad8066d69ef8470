import { advance, apply, createBattle, describeEvent, scenarios, type EngineEvent } from "./fusillade.js";

const created = createBattle(scenarios.ridgeAction(3));
if (!created.ok) throw new Error("the built-in scenario is always valid");
// Play the steps where nobody has a choice; keep their events for the log pane.
const ready = advance(created.value, { until: "decision" });
export const log: string[] = ready.events.map((e) => describeEvent(e, ready.state));

/** Events are a union on `type`: each case sees its own fields, typed. */
export function losses(events: readonly EngineEvent[]): number {
  let figures = 0;
  for (const e of events) {
    if (e.type === "unit/casualties" || e.type === "combat/casualties") figures += e.removed;
  }
  return figures;
}

const r = apply(ready.state, { type: "turn/advance" });
if (r.ok) console.log(losses(r.events), r.events.map((e) => `${describeEvent(e, r.state)} [${e.rule}]`));
export const where = ready.state.turn;
