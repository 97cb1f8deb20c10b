import { isUserMessageCode, MESSAGE_PLACEHOLDER, placeholdersOf, USER_MESSAGES, type UserMessageCode } from '@portal/domain-rules';

/*
 * From an English message back to its code: services still raise errors as the registry's
 * English sentences, and the error body carries the code found here.
 */

/** A message found in the registry: its code and the values of its `{{placeholders}}`. */
export interface UserMessageMatch {
  code: UserMessageCode;
  params?: Record<string, string>;
}

const codes = Object.keys(USER_MESSAGES) as UserMessageCode[];
const exact = new Map<string, UserMessageCode>();
const templates: { code: UserMessageCode; pattern: RegExp; names: string[] }[] = [];
for (const code of codes) {
  const text: string = USER_MESSAGES[code];
  const names = placeholdersOf(text);
  if (names.length === 0) {
    if (!exact.has(text)) exact.set(text, code);
    continue;
  }
  const source = text
    .split(MESSAGE_PLACEHOLDER)
    // split keeps the captured names at odd positions
    .map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  templates.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
}

function matchTemplate(text: string, template: (typeof templates)[number]): UserMessageMatch | undefined {
  const found = template.pattern.exec(text);
  if (!found) return undefined;
  return { code: template.code, params: Object.fromEntries(template.names.map((name, index) => [name, found[index + 1]])) };
}

/**
 * The registered message an English text is, or undefined. A `preferred` code is kept when
 * its own text is this one (two codes may share a text only through this).
 */
export function findUserMessage(text: string, preferred?: string): UserMessageMatch | undefined {
  if (preferred !== undefined && isUserMessageCode(preferred)) {
    const own: string = USER_MESSAGES[preferred];
    if (own === text) return { code: preferred };
    const template = templates.find((candidate) => candidate.code === preferred);
    const matched = template && matchTemplate(text, template);
    if (matched) return matched;
  }
  const code = exact.get(text);
  if (code) return { code };
  for (const template of templates) {
    const matched = matchTemplate(text, template);
    if (matched) return matched;
  }
  return undefined;
}

