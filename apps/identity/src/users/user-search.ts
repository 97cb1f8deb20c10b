/** The users table's columns a name-or-email search reads, as SQL expressions. */
export interface SearchColumns {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Admin searches (User Management, a client search from another service): users whose
 * email, first name, last name or full name contains the text, in any case. The condition
 * on one lower-cased text of name and email lets the trigram index idx_users_search_text
 * find the candidates (it indexes exactly that expression); the four conditions after it
 * keep the result exact (a text spanning last name and email is no match). `bind` adds a
 * value and returns its placeholder, so the same condition serves the query builder and
 * plain SQL.
 */
export function nameOrEmailContains(columns: SearchColumns, text: string, bind: (value: string) => string): string {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const indexedText = `lower(${columns.firstName} || ' ' || ${columns.lastName} || ' ' || ${columns.email})`;
  const pattern = bind(`%${escaped}%`);
  return (
    `${indexedText} LIKE ${bind(`%${escaped.toLowerCase()}%`)} AND (${columns.email} ILIKE ${pattern} OR ${columns.firstName} ILIKE ${pattern}` +
    ` OR ${columns.lastName} ILIKE ${pattern} OR (${columns.firstName} || ' ' || ${columns.lastName}) ILIKE ${pattern})`
  );
}
