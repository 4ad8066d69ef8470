/**
 * `fusillade/boardgame.io`: a boardgame.io `Game` for a fusillade scenario or setup.
 * @packageDocumentation
 * @module fusillade/boardgame.io
 */
export { fusilladeGame, refusalOf, playerOf, ACT, INVALID_MOVE, type FusilladeG, type FusilladeGameOptions } from "./game.js";
