// The games in the front end: the one registry the table, the rules dialog, the lessons and
// the menu's summaries read. Each game lives in its own folder, web/js/games/<game-id>/, and
// has one entry here, named by its engine id:
//
//   table()      -> its table module (renderer contract in web/js/table/table.js; the shell
//                   gets it through rendererFor, web/js/table/renderer.js). No `table`: the
//                   generic renderer (games/generic.js) draws the game.
//   rules()      -> its rules page (format in web/js/rules/dialog.js)
//   lessons      {lesson id: () => its module}, in order, the first one the menu's "Learn to
//                play" (format in web/js/learn/coach.js)
//   summaryLines how many sentences its menu summary has (table.summary-<game-id>-1..n)
//   roundWord    what it calls a round, where that is not "round" (the table, the summaries)
//
// Each piece is loaded when it is first needed, never here: this module is on the menu's
// first paint and the embed's cover, so it stays data and imports nothing. A game's styles
// are its folder's table.css, the Pairs games' shared games/pairs-table.css and its deck's
// sheet (web/js/cards/pairs.css, french.css), which build.py links (LATER_STYLES).

export const GAMES = {
  "nine-virtues": {
    table: () => import("./nine-virtues/table.js"),
    rules: () => import("./nine-virtues/rules.js").then((m) => m.rules),
    lessons: { "nine-virtues": () => import("./nine-virtues/lesson.js") },
    summaryLines: 3,
  },
  "to-the-moon": {
    table: () => import("./to-the-moon/table.js"),
    rules: () => import("./to-the-moon/rules.js").then((m) => m.rules),
    lessons: { "to-the-moon": () => import("./to-the-moon/lesson.js") },
    summaryLines: 3,
  },
  quodlibet: {
    table: () => import("./quodlibet/table.js"),
    rules: () => import("./quodlibet/rules.js").then((m) => m.rules),
    lessons: {
      quodlibet: () => import("./quodlibet/lesson.js"),
      "quodlibet-snack": () => import("./quodlibet/lesson-snack.js"),
    },
    summaryLines: 3,
    roundWord: "deal",
  },
};

/** -> the entry of game `gameId`, or null (own ids only: "toString" finds nothing). */
export const gameEntry = (gameId) => (Object.hasOwn(GAMES, gameId) ? GAMES[gameId] : null);

/** What game `gameId` calls a round: "round", or its own word ("deal"). */
export const roundWord = (gameId) => gameEntry(gameId)?.roundWord || "round";

/** Every lesson, game by game: { id, game, load() } (`load` -> a module exporting `lesson`). */
export const LESSONS = Object.entries(GAMES).flatMap(([game, entry]) =>
  Object.entries(entry.lessons || {}).map(([id, load]) => ({ id, game, load })),
);

/** The lesson ids `?learn=` accepts. */
export const LESSON_IDS = LESSONS.map((lesson) => lesson.id);

/** -> the lesson `id`, or null. */
export const lessonEntry = (id) => LESSONS.find((lesson) => lesson.id === id) || null;

/** -> the first lesson of `game` (the menu's "Learn to play"), or null. */
export const firstLessonOf = (game) => LESSONS.find((lesson) => lesson.game === game) || null;
