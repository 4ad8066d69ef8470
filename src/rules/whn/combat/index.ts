import { defineModule } from "../../../engine/module.js";

/** The WHN combat module: its actions, reducers and compulsory-step hooks. */
export const combatModule = defineModule({
  name: "whn/combat",
  actions: [] as const,
  routes: {},
});
