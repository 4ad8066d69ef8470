import { defineModule } from "../../../engine/module.js";

/** The WHN shooting module: its actions, reducers and compulsory-step hooks. */
export const shootingModule = defineModule({
  name: "whn/shooting",
  actions: [] as const,
  routes: {},
});
