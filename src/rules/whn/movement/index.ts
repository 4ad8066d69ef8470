import { defineModule } from "../../../engine/module.js";

/** The WHN movement module: its actions, reducers and compulsory-step hooks. */
export const movementModule = defineModule({
  name: "whn/movement",
  actions: [] as const,
  routes: {},
});
