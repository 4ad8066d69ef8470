import { createBattle, formatInputError, presets } from "./fusillade.js";

const created = createBattle({
  seed: 42,
  sides: [{ id: "fr", name: "France", nation: "french" }, { id: "gb", name: "Britain", nation: "british" }],
  units: [
    presets.infantryBattalion({ nation: "french", id: "fr-1", side: "fr", quality: "veteran", at: { x: 36, y: 10 } }),
    presets.cavalryRegiment({ nation: "french", id: "fr-hus", side: "fr", kind: "hussars", at: { x: 14, y: 10 } }),
    presets.infantryBattalion({ nation: "british", id: "gb-1", side: "gb", formation: "LINE", at: { x: 36, y: 34 }, facing: 270 }),
    presets.footBattery({ nation: "british", id: "gb-guns", side: "gb", at: { x: 50, y: 36 }, facing: 270 }),
  ],
});
if (!created.ok) throw new Error(formatInputError(created.error)); // every problem, with its path

export const state = created.value;
console.log(state.turn); // { gameTurn: 1, activeSide: "fr", phase: "start", step: null, … }
