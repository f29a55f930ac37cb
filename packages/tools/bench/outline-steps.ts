// The outline's steps, bundled for bench/navigation.mjs so it can time each one alone.
export { collectOutline } from '../src/navigation/outline/collect.js';
export { formatOutline } from '../src/navigation/outline/format.js';
export { RULES } from '../src/navigation/outline/rules-for.js';
// The earlier walk with a tree cursor, to compare with.
export { collectOutlineByCursor } from '../src/navigation/testing/cursor-walk.js';
