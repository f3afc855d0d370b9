// The guided lessons there are (README, "Learn to play"): `?learn=<id>` and the menu's
// "Learn to play" start one. Each lesson's script is its own module, loaded when it starts;
// this list is small so the link parser (params.js) and the menu can name the lessons
// without loading them.
//
//   id: the lesson's id (a game's id for its first lesson), game: the game it teaches,
//   load(): the module, which exports `lesson` (the format is in learn.js).

export const LESSONS = [
  { id: "nine-virtues", game: "nine-virtues", load: () => import("../games/nine-virtues/lesson.js") },
  { id: "to-the-moon", game: "to-the-moon", load: () => import("../games/to-the-moon/lesson.js") },
  { id: "quodlibet", game: "quodlibet", load: () => import("../games/quodlibet/lesson.js") },
  { id: "quodlibet-snack", game: "quodlibet", load: () => import("../games/quodlibet/lesson-snack.js") },
];

export const LESSON_IDS = LESSONS.map((lesson) => lesson.id);

// -> the lesson entry for `id`, or null (own ids only: `learn=toString` finds nothing).
export function lessonEntry(id) {
  return LESSONS.find((lesson) => lesson.id === id) || null;
}

// -> the first lesson of a game (the menu's "Learn to play"), or null.
export function firstLessonOf(game) {
  return LESSONS.find((lesson) => lesson.game === game) || null;
}
