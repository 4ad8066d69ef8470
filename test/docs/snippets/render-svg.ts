import { createBattle, renderSvg, scenarios } from "./fusillade.js";

const created = createBattle(scenarios.ridgeAction(42));
if (!created.ok) throw new Error("the built-in scenario is always valid");

export const svg = renderSvg(created.value, { scale: 12 }); // a string: no DOM needed
// In a browser: document.querySelector("#table")!.innerHTML = svg;
// In Node:      writeFileSync("battle.svg", svg);
console.log(svg.slice(0, 60)); // <svg xmlns="http://www.w3.org/2000/svg" width="896" …
