// The fusillade playground: pick a built-in scenario and a bot for each side, then step the battle
// action by action or phase by phase, with the SVG battlefield and the event log (each event with
// its rule id). Loads the browser build `./fusillade.js` (`npm run playground` writes it).
import * as F from "./fusillade.js";

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const MAX_ACTIONS_PER_PHASE = 60;
const BOT_MOVES_PER_STEP = 4;

/** Built-in scenarios: the ridge action and every scenario file shipped with the engine. */
function scenarioList() {
  const list = [{ id: "ridge-action", name: "Ridge action (French columns against a British line)", setup: (seed) => F.scenarios.ridgeAction(seed) }];
  for (const id of F.scenarios.BUILTIN_SCENARIO_IDS ?? []) {
    const s = F.scenarios.builtinScenario(id);
    list.push({ id, name: s.name, setup: (seed) => F.scenarios.scenarioSetup(s, seed) });
  }
  return list;
}

/** The bots' own seeded choices (mulberry32, from the bundle; the battle's dice live in the state). */
const botRandom = (seed) => F.mulberry32(seed);

// The state keeps no history: the page keeps the battle's events (`history`) for its log pane.
const game = { state: null, random: botRandom(1), movesThisStep: 0, stepKey: "", actions: 0, running: false, shown: 0, history: [] };
const scenarios = scenarioList();

const stepKey = (s) => `${s.turn.gameTurn}|${s.turn.activeSide}|${s.turn.phase}|${s.turn.step}`;
const sideIds = (s) => Object.keys(s.sides);
const decider = (s) => (typeof F.decidingSide === "function" ? F.decidingSide(s) : null) ?? s.pending[0]?.side ?? s.turn.activeSide;

/** The engine's own bots ((state, seed, budget) → action), when the build has them. */
const ENGINE_BOTS = { greedy: F.bots?.greedyBot, search: F.bots?.searchBot };
const ENGINE_BUDGET = 24;

/**
 * The action a side's bot picks: "random" plays random legal actions, "greedy" / "search" ask the
 * engine's bots, "advance" ends each step. Every bot makes at most BOT_MOVES_PER_STEP moves in one
 * step before ending it, so that stepping phase by phase stays quick.
 */
function botAction(s) {
  const bot = $(`bot-${sideIds(s).indexOf(decider(s))}`)?.value ?? "random";
  const advance = { type: "turn/advance" };
  const legal = typeof F.legalActions === "function" ? () => F.legalActions(s) : null;
  const engineBot = ENGINE_BOTS[bot];
  if (typeof engineBot === "function" && (s.pending.length > 0 || game.movesThisStep < BOT_MOVES_PER_STEP)) {
    const chosen = engineBot(s, Math.floor(game.random() * 2 ** 31), ENGINE_BUDGET);
    if (chosen !== null && typeof chosen === "object" && typeof chosen.type === "string") return chosen;
    console.warn(`the ${bot} bot gave no action; playing a random legal one`);
  }
  const wantsMove = (bot === "random" || engineBot !== undefined) && legal !== null && game.movesThisStep < BOT_MOVES_PER_STEP && game.random() < 0.6;
  if (wantsMove || s.pending.length > 0) {
    const options = legal === null ? [] : legal().filter((a) => a.type !== "turn/advance");
    if (options.length > 0) return options[Math.floor(game.random() * options.length)];
  }
  return advance;
}

/** Plays one action for whoever must decide; false when the battle is over. */
function stepAction() {
  const s = game.state;
  if (s === null || s.result !== null) return false;
  const action = botAction(s);
  let r = F.apply(s, action);
  if (!r.ok && action.type !== "turn/advance") r = F.apply(s, { type: "turn/advance" });
  if (!r.ok) {
    $("error").textContent = F.formatViolation(r.violation);
    return false;
  }
  game.actions++;
  game.state = r.state;
  game.history.push(...r.events);
  const key = stepKey(r.state);
  if (key !== game.stepKey) {
    game.stepKey = key;
    game.movesThisStep = 0;
  } else if (action.type !== "turn/advance") game.movesThisStep++;
  return true;
}

/** Plays actions until the phase or movement step changes (or the battle ends). */
function stepPhase() {
  const start = stepKey(game.state);
  for (let i = 0; i < MAX_ACTIONS_PER_PHASE; i++) {
    if (!stepAction() || stepKey(game.state) !== start) return;
  }
}

function detailText(e) {
  const skip = new Set(["seq", "gameTurn", "type", "rule"]);
  return Object.entries(e)
    .filter(([k]) => !skip.has(k))
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v, (_k, x) => (typeof x === "number" ? Math.round(x * 100) / 100 : x))}`)
    .join(" ");
}

function render() {
  const s = game.state;
  $("board").innerHTML = F.renderSvg(s, { scale: 12, events: F.recentEvents(game.history) });
  const log = $("log");
  const frag = document.createDocumentFragment();
  for (const e of game.history.slice(game.shown)) {
    const li = document.createElement("li");
    li.dataset.rule = e.rule;
    li.dataset.seq = String(e.seq);
    if (e.type.startsWith("turn/")) li.className = "turn";
    const rule = Object.assign(document.createElement("span"), { className: "rule", textContent: e.rule });
    const type = Object.assign(document.createElement("span"), { className: "type", textContent: e.type });
    const details = Object.assign(document.createElement("span"), { className: "details", textContent: ` ${detailText(e)}` });
    li.append(rule, type, details);
    frag.append(li);
  }
  game.shown = game.history.length;
  log.append(frag);
  log.scrollTop = log.scrollHeight;
  const t = s.turn;
  const name = (id) => s.sides[id]?.name ?? id;
  const where = t.phase === "finished" ? "battle over" : `${name(t.activeSide)}: ${t.phase}${t.step === null ? "" : ` (${t.step})`}`;
  const result = s.result === null ? "" : ` <span class="result">${s.result.winner === null ? "No winner" : `${escape(name(s.result.winner))} win`}: ${escape(s.result.reason)}</span>`;
  $("status").innerHTML = `Turn ${t.gameTurn}/${t.maxTurns} — ${escape(where)} — ${game.actions} actions, ${s.eventSeq} events${result}`;
  $("status").dataset.phase = t.phase;
  for (const id of ["step-action", "step-phase", "run"]) /** @type {HTMLButtonElement} */ ($(id)).disabled = s.result !== null;
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function reset() {
  const seed = Number(/** @type {HTMLInputElement} */ ($("seed")).value) || 0;
  const chosen = scenarios.find((x) => x.id === /** @type {HTMLSelectElement} */ ($("scenario")).value) ?? scenarios[0];
  const created = F.createBattleWithEvents(chosen.setup(seed));
  $("error").textContent = "";
  if (!created.ok) {
    $("error").textContent = F.formatInputError(created.error);
    return;
  }
  const start = created.value.state;
  Object.assign(game, { state: start, random: botRandom(seed + 1), movesThisStep: 0, stepKey: stepKey(start), actions: 0, shown: 0, history: [...created.value.events] });
  $("log").replaceChildren();
  sideIds(start).forEach((id, i) => ($(`bot-${i}-label`).textContent = start.sides[id].name));
  render();
}

async function run() {
  if (game.running) {
    game.running = false;
    return;
  }
  game.running = true;
  $("run").textContent = "Pause";
  while (game.running && game.state.result === null) {
    stepPhase();
    render();
    await new Promise((ok) => setTimeout(ok, 60));
  }
  game.running = false;
  $("run").textContent = "Run to the end";
}

function guard(fn) {
  return () => {
    try {
      fn();
    } catch (e) {
      $("error").textContent = String(e?.stack ?? e);
    }
  };
}

for (const [name, fn] of Object.entries(ENGINE_BOTS)) {
  if (typeof fn !== "function") continue;
  for (const i of [0, 1]) /** @type {HTMLSelectElement} */ ($(`bot-${i}`)).append(new Option(`${name} bot (engine)`, name));
}
const select = /** @type {HTMLSelectElement} */ ($("scenario"));
for (const sc of scenarios) select.append(new Option(sc.name, sc.id));
$("reset").addEventListener("click", guard(reset));
$("scenario").addEventListener("change", guard(reset));
$("step-action").addEventListener("click", guard(() => (stepAction(), render())));
$("step-phase").addEventListener("click", guard(() => (stepPhase(), render())));
$("run").addEventListener("click", () => void run().catch((e) => ($("error").textContent = String(e?.stack ?? e))));
guard(reset)();
document.body.dataset.ready = "true";
