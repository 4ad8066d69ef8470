import { defineModule } from "../../../engine/module.js";

/** The WHN morale module: its actions, reducers and compulsory-step hooks. */
export const moraleModule = defineModule({
  name: "whn/morale",
  actions: [] as const,
  routes: {},
});
