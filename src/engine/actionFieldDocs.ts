/**
 * What each field of each action means, in the actions catalogue's words (docs/guides/actions.md is
 * generated from it). The texts live here rather than in the action schemas' `.describe()` so that
 * an app bundling one ruleset's engine does not carry them (about 2 KB gzip); an app that wants
 * them (form labels, tooltips, a JSON Schema with descriptions) imports this table from
 * `fusillade/state`. test/docs/actionFieldDocs.test.ts holds it field for field against the schemas.
 */
export const ACTION_FIELD_DOCS: { readonly [actionType: string]: { readonly [field: string]: string } } = {
  "turn/advance": {},
  "movement/changeFormation": {
    unit: "The unit that changes formation.",
    formation: "The formation to take; BLOCK exists only under the core rules.",
    files: "Files (models in the front rank) of the new formation (default: the unit's current files).",
    facing: "The unit's facing after the change, in degrees (default: unchanged).",
  },
  "movement/move": {
    unit: "The formed unit that moves.",
    path: "The legs of the move, in order: forward, wheel or turn (at most 50).",
  },
  "movement/march": {
    unit: "The unit that marches (in march column, away from enemies).",
    path: "The legs of the march (forward and wheels only), in order: forward, wheel or turn (at most 50).",
  },
  "movement/moveTo": {
    unit: "The square or extended-order unit that moves freely.",
    to: "A square's new front-edge centre, in inches on the table.",
    models: "An extended-order unit's models, each with its new position (and facing), in the unit's model order.",
    march: "Whether the move is a march (at the march rate, away from enemies).",
  },
  "movement/declareCharge": {
    unit: "The unit that declares a charge.",
    target: "The enemy unit it charges.",
    face: "The target's face to charge, under the flank-charge house rule (default: the face the charger starts in front of).",
  },
  "movement/respond": {
    unit: "The charged unit that responds.",
    response: "Its response to the charge: hold, stand and shoot, flee, form square, leave square, or (a detachment) fall back behind its parent.",
    formation: "With `reformFromSquare`: the formation the square changes into.",
    files: "With `reformFromSquare`: the new formation's files (models in the front rank).",
  },
  "movement/chargeMove": {
    unit: "The declared charger that now makes its charge move.",
  },
  "movement/mergeDetachment": {
    unit: "The detachment that joins its parent's ranks.",
  },
  "movement/splitDetachment": {
    unit: "The parent unit the detachment is merged into.",
    detachment: "The merged detachment that steps out.",
    to: "The detachment's front-edge centre, in inches (default: beside the parent).",
    facing: "Its facing in degrees (default: the parent's).",
    formation: "Its formation (default: the one it had when it merged).",
    files: "Its files, models in the front rank (default: as when it merged).",
  },
  "shooting/fire": {
    shooter: "The unit that shoots.",
    target: "The enemy unit, or lone character, it shoots at.",
    face: "For a square: the face that shoots, 0 front, 1 right, 2 rear, 3 left (default: the face towards the target).",
  },
  "shooting/volley": {
    shooter: "The unit that fires the volley.",
    aim: "Where the template's centre goes: a point in inches, or `{ unit }` for that unit's centre.",
  },
  "combat/fight": {
    combat: "The combat to fight now; left out, every combat that is ready is fought.",
  },
  "combat/challenge": {
    combat: "The combat in which the challenge is offered.",
    challenger: "The own character in the combat who challenges, or `null` to issue no challenge.",
    retireIfRefused: "When the challenger's side picks who steps back on a refusal (option `core.challengeRefuserChooses: false`): the enemy character sent to the rear.",
  },
  "combat/answerChallenge": {
    combat: "The combat in which the challenge was issued.",
    champion: "The own character who takes up the challenge, or `null` to refuse it.",
    retire: "On a refusal, when the refusing side picks (the default option): the own character sent to the rear (default: the one with the highest Leadership).",
  },
  "combat/restrain": {
    unit: "The winning unit whose pursuit is decided.",
    pursue: "`true` to pursue the beaten enemy; `false` to try to hold back (a Leadership test to restrain).",
  },
  "combat/redress": {
    unit: "The winning unit that redresses its ranks.",
    files: "The files (front-rank models) it re-forms to; its present files to keep its frontage.",
  },
  "combat/splitAttacks": {
    unit: "The unit whose models touch more than one enemy unit.",
    split: "Enemy unit id → how many of the shared models attack it (one of the splits the decision allows).",
  },
  "combat/disengage": {
    unit: "The engaged unit that declares it will disengage.",
  },
  "casualties/choose": {
    unit: "The unit that lost models, whose owner picks them.",
    models: "The models removed, as indices into the unit's `models` (as many as the casualties).",
  },
  "morale/rally": {
    unit: "The fleeing unit that tests to rally.",
    reform: "On a pass, the free reform about the unit's centre: formation, files and facing in degrees (each left out stays as it is).",
  },
  "morale/joinUnit": {
    character: "The lone character who joins.",
    unit: "The friendly unit he moves into contact with and joins.",
  },
  "morale/leaveUnit": {
    character: "The joined character who leaves his unit.",
    to: "Where he goes, in inches (within his move).",
    facing: "His facing there, in degrees (default: unchanged).",
  },
  "morale/moveCharacter": {
    character: "The lone character who moves.",
    to: "Where he goes, in inches (within his move).",
    facing: "His facing there, in degrees (default: unchanged).",
  },
  "artillery/limber": {
    unit: "The unlimbered gun that limbers up.",
  },
  "artillery/unlimber": {
    unit: "The limbered gun that unlimbers.",
  },
  "artillery/move": {
    unit: "The gun that moves, at the rate for its state (limbered, unlimbered, manhandled).",
    path: "The legs of the move, in order: forward, wheel or turn (at most 50).",
    march: "Whether the move is a march (limbered guns only).",
  },
  "artillery/fire": {
    unit: "The unlimbered gun that fires.",
    target: "The enemy unit it fires at.",
    ammunition: "What it fires: `shot` (roundshot), `canister` or `shell` (howitzers, and other guns where the nation allows it).",
    andLimber: "Horse artillery only: limber up after firing.",
  },
  "artillery/respond": {
    unit: "The charged gun whose crew respond.",
    response: "The crew's response: hold, stand and shoot, flee, fire then flee, or shelter in a friendly square.",
    ammunition: "With `standAndShoot` or `fireAndFlee`: what the gun fires (default: canister if the charger is within canister range, else shot).",
    square: "With `shelter`: the friendly square the crew run into.",
  },
  "artillery/shelter": {
    unit: "The gun whose crew take shelter.",
    square: "The friendly square they go into.",
  },
  "artillery/leaveShelter": {
    unit: "The gun whose sheltered crew come out.",
    face: "The square's face they come out beside.",
  },
  "artillery/reman": {
    unit: "The abandoned gun its crew man again.",
  },
  "artillery/extinguish": {
    unit: "The unit near water that fights the fire instead of moving.",
    fire: "The fire, by its key in the state's fires.",
    circle: "Which circle of the fire to put out: its index in the fire's `circles` (the unit must be within 1\" of it).",
  },
  "fnf/moveLeader": {
    leader: "The leader who moves.",
    to: "Where his base ends, in inches (up to 18\" of travel in all).",
    via: "Points he passes through on the way to `to`, in order.",
    attachTo: "The friendly unit he attaches to (his base ends touching one of its bases); `null` leaves him unattached.",
  },
  "fnf/maneuver": {
    unit: "The unit that rolls on the maneuver table.",
    badGoing: "Whether the move or formation change it intends is in bad going (declared before the roll, it modifies it).",
  },
  "fnf/move": {
    unit: "The unit that moves, as its maneuver result allows.",
    path: "The poses its reference point passes through, in inches (and facing in degrees); empty for a change of formation in place.",
    change: "A formation change with the move: the new formation, its facing in degrees, and whether it comes before or after the move; `null` for none.",
    target: "The enemy unit the move contacts (required when it ends touching an enemy); `null` for none.",
  },
  "fnf/fire": {
    firer: "The unit (infantry or battery) that fires.",
    target: "The enemy unit, or lone leader, it fires at.",
  },
  "fnf/resolveMelee": {
    melee: "The melee to fight, by its key in the state's melees.",
    lead: "The lead attacking unit; `null` for the one with most bases touching the defender.",
    drivenBack: "If the defender is driven back: the attacker carries the position or breaks through.",
    advance: "Whether an attacker that carries the position moves into the ground taken.",
  },
  "fnf/detach": {
    unit: "The brigade that sends one base out.",
    id: "The id the new detachment takes.",
    position: "Where the detachment's base goes (in hard cover), in inches.",
    facing: "The detachment's facing, in degrees.",
  },
  "fnf/rejoin": {
    detachment: "The temporary detachment that goes back to its parent brigade.",
  },
};
