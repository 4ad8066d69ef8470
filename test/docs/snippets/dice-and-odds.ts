import { Dist, createBattle, pLeadershipPass, reseed, scenarios, toHitChance, withScriptedDice } from "./fusillade.js";

const created = createBattle(scenarios.ridgeAction(7));
if (!created.ok) throw new Error("the built-in scenario is always valid");

// The generator's state is data in `state.dice`: same seed and actions, same battle.
const scripted = withScriptedDice(created.value, [6, 5, 1]); // the next rolls are exactly 6, 5, 1
const whatIf = reseed(created.value, "another seed"); // the same position with other dice

// Exact odds, no sampling:
export const pass = pLeadershipPass(7); // P(2D6 ≤ 7) = 21/36
export const hits = Dist.binomial(10, toHitChance(4)); // ten shots needing 4+
console.log(hits.pAtLeast(6), hits.mean(), scripted.dice.kind, whatIf.dice.kind); // 0.377 5 scripted prng
