import { defineModule } from "../../../engine/module.js";

/** The WHN artillery module: its actions, reducers and compulsory-step hooks. */
export const artilleryModule = defineModule({
  name: "whn/artillery",
  actions: [] as const,
  routes: {},
});
