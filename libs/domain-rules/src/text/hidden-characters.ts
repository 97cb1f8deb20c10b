/**
 * Characters that make a name read as something it is not (issue 29): a right-to-left
 * override turns "Ada\u202Enimda" into "Adaadmin" on an admin screen, and zero-width
 * characters make two names that look alike differ (or a name look empty). Names refuse
 * them; a ticket subject drops the direction controls (support commands).
 *
 * The services refuse them behind IsPlainName; the forms before sending. The refusal's
 * words are the registry's `name_hidden_characters`.
 */

/** Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const TEXT_DIRECTION_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
/** Zero-width space, non-joiner and joiner (U+200B–U+200D), word joiner (U+2060), zero-width no-break space (U+FEFF). */
const ZERO_WIDTH_CHARACTERS = '\\u200B-\\u200D\\u2060\\uFEFF';

const HIDDEN = new RegExp(`[${TEXT_DIRECTION_CONTROLS}${ZERO_WIDTH_CHARACTERS}]`);
const DIRECTION_CONTROLS = new RegExp(`[${TEXT_DIRECTION_CONTROLS}]`, 'g');

/** Whether the text holds a text-direction control or a zero-width character. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/** The text without its text-direction controls (embeddings, overrides, isolates). */
export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '');
}
