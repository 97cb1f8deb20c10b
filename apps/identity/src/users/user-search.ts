import { Brackets, SelectQueryBuilder } from 'typeorm';
import { User } from './user.entity';

/** Name and email in one lower-cased text, as the trigram index idx_users_search_text holds it. */
const USER_SEARCH_TEXT = (alias: string) => `lower(${alias}."first_name" || ' ' || ${alias}."last_name" || ' ' || ${alias}."email")`;

/**
 * Admin searches (User Management, a client search from another service): users whose
 * email, first name, last name or full name contains the text, in any case. The indexed
 * text finds the candidates; the four conditions keep the result exact (a text spanning
 * last name and email is no match).
 */
export function whereNameOrEmailContains(query: SelectQueryBuilder<User>, text: string): SelectQueryBuilder<User> {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const pattern = `%${escaped}%`;
  return query.andWhere(`${USER_SEARCH_TEXT(query.escape(query.alias))} LIKE :searchText`, { searchText: `%${escaped.toLowerCase()}%` }).andWhere(
    new Brackets((match) =>
      match
        .where(`${query.alias}.email ILIKE :pattern`, { pattern })
        .orWhere(`${query.alias}.firstName ILIKE :pattern`, { pattern })
        .orWhere(`${query.alias}.lastName ILIKE :pattern`, { pattern })
        .orWhere(`(${query.alias}.firstName || ' ' || ${query.alias}.lastName) ILIKE :pattern`, { pattern }),
    ),
  );
}
