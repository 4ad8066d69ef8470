import { DEFAULT_OPTIONS, createBattle, scenarios } from "./fusillade.js";

const created = createBattle({
  ...scenarios.ridgeAction(1),
  options: { hr: { volley: true, squareness: "tieOnly" }, whn: { carbineLongRange: 12 } }, // the rest: defaults
});
if (!created.ok) throw new Error("an unknown option key would be reported here, with its path");
console.log(created.value.options.whn.carbineLongRange, DEFAULT_OPTIONS.whn.carbineLongRange); // 12 9
