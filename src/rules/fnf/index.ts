import { defineModule } from "../../engine/module.js";

/** The FnF (brigade-scale) module: its actions, reducers and compulsory-step hooks. */
export const fnfModule = defineModule({
  name: "fnf",
  actions: [] as const,
  routes: {},
});
